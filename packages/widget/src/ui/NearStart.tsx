import { useId } from 'react';
import { useMessages } from './MessagesContext';

/**
 * How the location field was first used, so its chunk goes on with that: the field has
 * focus, the button has focus, or the button was pressed (ask the browser at once).
 */
export type NearWake = 'focus' | 'button' | 'locate';

export interface NearStartProps {
  /** '' when the field loses focus before the rest has come. */
  onWake: (how: NearWake | '') => void;
  /** What the visitor types before the chunk has come: the full field goes on with it. */
  onType?: (text: string) => void;
}

/**
 * The location field before its chunk has loaded (issue 25): the labelled field and the
 * "Use my location" button, in the page script because every visit shows them, and
 * nothing else; the first focus or click loads the rest (suggestions, geolocation,
 * radius, order) and hands over to it. Same classes as the full field: no layout shift.
 */
export function NearStart({ onWake, onType }: NearStartProps) {
  const t = useMessages();
  const id = useId();
  return (
    <div className="pn-near" part="near">
      <div className="pn-near__row">
        <label className="pn-near__field" htmlFor={id}>
          {t('near')}
        </label>
        <div className="pn-near__control">
          <input
            id={id}
            className="pn-search__input"
            onFocus={() => onWake('focus')}
            onChange={(event) => onType?.(event.currentTarget.value)}
            onBlur={() => onWake('')}
          />
        </div>
        <button
          type="button"
          className="pn-button pn-button--secondary pn-near__locate"
          onFocus={() => onWake('button')}
          onBlur={() => onWake('')}
          onClick={() => onWake('locate')}
        >
          {t('useMyLocation')}
        </button>
      </div>
    </div>
  );
}
