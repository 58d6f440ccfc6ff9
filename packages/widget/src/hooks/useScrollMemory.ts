/**
 * React side of core/scrollMemory: alive while the page owns the URL; once the first
 * list has settled on screen it restores the remembered scroll position and gives
 * focus back to the card the visitor opened (a keyboard user goes on from there).
 *
 * core/scrollMemory is a chunk of its own (not in the bytes of the first card), requested
 * on mount in parallel with the first answers: a visitor may open a card at once.
 */
import { useCallback, useEffect, useState } from 'react';
import type { RefObject } from 'react';
import type { ScrollMemory } from '../core/scrollMemory';

/** The focusable element of each card (PartnerCardView). */
const CARD_FOCUS = '[data-card-focus]';

const loadScrollMemory = () => import('../core/scrollMemory');

/**
 * `enabled`: the page keeps its state in the URL (syncUrl), so the history entry is
 * its own. `settled`: the first answer is rendered (cards in the DOM, nothing loading).
 * `isLaidOut`: the parts that render late (chunks) are in, so the list will not move.
 * Returns the handler for clicks in the results: it remembers which card was opened.
 */
export function useScrollMemory(
  enabled: boolean,
  settled: boolean,
  listRef: RefObject<HTMLElement | null>,
  isLaidOut: () => boolean,
): (target: EventTarget) => void {
  const [memory, setMemory] = useState<ScrollMemory | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let created: ScrollMemory | null = null;
    let disposed = false;
    void loadScrollMemory().then(
      ({ createScrollMemory }) => {
        if (disposed) return;
        created = createScrollMemory(window);
        setMemory(created);
      },
      // The page works without the memory (the chunk did not load).
      () => undefined,
    );
    return () => {
      disposed = true;
      created?.dispose();
      setMemory(null);
    };
  }, [enabled]);

  // restore() acts once: later runs (a new memory, a new settle) give null.
  useEffect(() => {
    if (!settled || memory === null) return;
    return memory.restoreWhenReady(
      () => listRef.current !== null && isLaidOut(),
      (key) => {
        if (key === null || !/^\d{1,4}$/.test(key)) return;
        // Once only: a later reload of a different list must not jump to this card.
        memory.rememberFocus(null);
        const card = listRef.current?.querySelectorAll<HTMLElement>(CARD_FOCUS)[Number(key)];
        card?.focus({ preventScroll: true });
      },
    );
  }, [settled, memory, listRef, isLaidOut]);

  return useCallback(
    (target: EventTarget) => {
      const list = listRef.current;
      if (list === null || memory === null || !(target instanceof Element)) return;
      const card = target.closest(CARD_FOCUS);
      if (card === null) return;
      const index = [...list.querySelectorAll(CARD_FOCUS)].indexOf(card);
      if (index >= 0) memory.rememberFocus(String(index));
    },
    [listRef, memory],
  );
}
