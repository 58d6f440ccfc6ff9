import { Suspense, memo, useEffect, useId, useRef, useState } from 'react';
import type { ComponentType, KeyboardEvent } from 'react';
import type { ChipListProps } from './ChipList';
import { useMessages } from './MessagesContext';

export interface Chip {
  id: number;
  name: string;
}

export interface SelectedChipsProps {
  chips: readonly Chip[];
  onRemove: (id: number) => void;
  /** Items that may be added by typing their name; without it there is no chip input. */
  available?: readonly Chip[];
  onAdd?: (id: number) => void;
  /**
   * The chips themselves (ChipList, a chunk): until it has come, selected items show no
   * chip yet. The page loads it at the first focus or pointer down in the page, or at start
   * when items are already ticked.
   */
  List?: ComponentType<ChipListProps> | null;
}

/**
 * The selected filter items as removable chips (`List`), plus an optional chip input that
 * adds an item by name. Enter (key code 13) is its only separator: commas, spaces
 * and Tab stay ordinary keys.
 */
// Memoised: a Load More leaves the chips as they are.
export const SelectedChips = memo(function SelectedChips({
  chips,
  onRemove,
  available,
  onAdd,
  List,
}: SelectedChipsProps) {
  const [draft, setDraft] = useState('');
  const t = useMessages();
  const listId = useId();
  const withInput = available !== undefined && onAdd !== undefined;
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Where the removed chip stood: its button leaves with it, and focus must not drop
  // to the document. The next chip takes it, else the previous one, else the input.
  const focusAfterRemove = useRef<number | null>(null);

  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    const buttons = rootRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? inputRef.current)?.focus();
  }, [chips]);

  if (chips.length === 0 && !withInput) return null;

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const wanted = draft.trim().toLocaleLowerCase();
    const match = available?.find((chip) => chip.name.toLocaleLowerCase() === wanted);
    if (match === undefined || onAdd === undefined) return;
    onAdd(match.id);
    setDraft('');
  }

  return (
    <div className="pn-chips" part="chips" ref={rootRef}>
      {chips.length > 0 && List && (
        // A lazy List suspends until its chunk is in: only it waits.
        <Suspense>
          <List
            chips={chips}
            onRemove={(id, index) => {
              focusAfterRemove.current = index;
              onRemove(id);
            }}
          />
        </Suspense>
      )}
      {withInput && (
        <>
          <input
            ref={inputRef}
            className="pn-chips__input"
            type="text"
            aria-label={t('addFilterByName')}
            placeholder={t('addFilter')}
            list={listId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={handleKeyDown}
          />
          <datalist id={listId}>
            {available.map((chip) => (
              <option key={chip.id} value={chip.name} />
            ))}
          </datalist>
        </>
      )}
    </div>
  );
});
