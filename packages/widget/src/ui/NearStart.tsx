import { useId } from 'react';
import { useMessages } from './MessagesContext';

/** How the location field was first used: its chunk then goes on with that. */
export type NearWake = 'focus' | 'locate';

export interface NearStartProps {
  onWake: (how: NearWake) => void;
}

/**
 * The location field before its chunk has loaded (issue 25): the labelled field and the
 * "Use my location" button, in the page script because every visit shows them, and
 * nothing else; the first focus or click loads the rest (suggestions, geolocation,
 * radius, order) and hands over to it. Same classes as the full field: no layout shift.
 */
export function NearStart({ onWake }: NearStartProps) {
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
            className="pn-search__input pn-near__input"
            onFocus={() => onWake('focus')}
          />
        </div>
        <button
          type="button"
          className="pn-button pn-button--secondary pn-near__locate"
          onClick={() => onWake('locate')}
        >
          {t('useMyLocation')}
        </button>
      </div>
    </div>
  );
}
