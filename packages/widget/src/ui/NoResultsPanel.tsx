import { useId } from 'react';
import { useMessages } from './MessagesContext';
import { wholeEnUS } from '../core/i18n/noResultsMessages';
import type { NoResultsMessageId } from '../core/i18n/noResultsMessages';

/** The panels' stylesheet: the page adds it when the chunk arrives (adoptStyles.ts). */
export { styles } from './panelStyles';

/** A step back from the empty list: what it removes and how many partners it finds. */
export interface WayOutOption {
  /** A ticked filter item, one word of the text, the whole text, or the radius (widened). */
  kind: 'item' | 'word' | 'text' | 'radius';
  /** The item's name, the word ('' for the text), or the wider radius ("250 km"). */
  name: string;
  count: number;
}

export interface NoResultsPanelProps {
  onResetAll: () => void;
  /** The steps back to offer, best first (the page gives at most three). */
  waysOut?: readonly WayOutOption[];
  /** Runs the step at this index of `waysOut`. */
  onWayOut?: (index: number) => void;
}

// Its en-US texts come with it, not in the page script (a visit may never show it).
wholeEnUS();

const WAY_OUT_MESSAGE = {
  item: 'wayOutItem',
  word: 'wayOutWord',
  text: 'wayOutText',
  radius: 'wayOutRadius',
  // Typed as ids: the page scripts' build renames them with the catalogues' keys.
} as const satisfies Record<string, NoResultsMessageId>;

/**
 * SPEC's no-results panel (title, text, RESET ALL), with the steps back that would
 * find partners: each button says what it removes and how many partners it shows.
 */
export function NoResultsPanel({ onResetAll, waysOut = [], onWayOut }: NoResultsPanelProps) {
  const t = useMessages();
  const waysId = useId();
  return (
    <div className="pn-panel pn-no-results" part="no-results-panel">
      <h2 className="pn-panel__title">{t('noResultsTitle')}</h2>
      <p className="pn-panel__text">{t('noResultsText')}</p>
      {waysOut.length > 0 && (
        <>
          <p className="pn-panel__text" id={waysId}>
            {t('waysOut')}
          </p>
          <ul className="pn-ways-out" aria-labelledby={waysId}>
            {waysOut.map((way, index) => (
              <li key={`${way.kind} ${way.name}`}>
                <button
                  type="button"
                  className="pn-button pn-button--secondary pn-way-out"
                  part="button way-out-button"
                  onClick={() => onWayOut?.(index)}
                >
                  {t(
                    WAY_OUT_MESSAGE[way.kind],
                    { name: way.name, radius: way.name, count: way.count },
                    way.count,
                  )}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <button
        type="button"
        className="pn-button pn-button--primary"
        part="button reset-button"
        onClick={onResetAll}
      >
        {t('resetAll')}
      </button>
    </div>
  );
}
