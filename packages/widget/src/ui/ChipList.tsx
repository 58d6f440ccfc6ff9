/// <reference types="vite/client" />
import { useMessages } from './MessagesContext';
import type { Chip } from './SelectedChips';

import chipStyles from './ChipList.css?inline';
import intentStyles from './intent.css?inline';

/**
 * The chips' stylesheet and the one of what a visitor's first action shows (intent.css):
 * the page adds them when the chunk arrives (adoptStyles.ts).
 */
export const styles = chipStyles + intentStyles;

export interface ChipListProps {
  /** At least one: SelectedChips renders the list only then. */
  chips: readonly Chip[];
  /** The chip's item id and its place in the list (focus goes to its neighbour). */
  onRemove: (id: number, index: number) => void;
}

/**
 * The ticked filter items as chips with a Remove button each. In the intent chunk
 * (intentChunk.ts: loaded at a visitor's first focus or pointer press in the page, or at
 * start when the address holds ticked items): a visit that never reaches for the page does
 * not load it.
 */
export function ChipList({ chips, onRemove }: ChipListProps) {
  const t = useMessages();
  return (
    <ul className="pn-chips__list" aria-label={t('selectedFilters')}>
      {chips.map((chip, index) => (
        <li key={chip.id} className="pn-chip" part="chip">
          <span className="pn-chip__name">{chip.name}</span>
          <button
            type="button"
            className="pn-chip__remove"
            part="button chip-remove-button"
            aria-label={t('removeFilter', { name: chip.name })}
            onClick={() => onRemove(chip.id, index)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
