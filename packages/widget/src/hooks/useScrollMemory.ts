/**
 * React side of core/scrollMemory: alive while the page owns the URL; once the first
 * list has settled on screen it restores the remembered scroll position and gives
 * focus back to the card the visitor opened (a keyboard user goes on from there).
 */
import { useCallback, useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { createScrollMemory } from '../core/scrollMemory';
import type { ScrollMemory } from '../core/scrollMemory';

/** The focusable element of each card (PartnerCardView). */
const CARD_FOCUS = '[data-card-focus]';

/**
 * `enabled`: the page keeps its state in the URL (syncUrl), so the history entry is
 * its own. `settled`: the first answer is rendered (cards in the DOM, nothing loading).
 * Returns the handler for clicks in the results: it remembers which card was opened.
 */
export function useScrollMemory(
  enabled: boolean,
  settled: boolean,
  listRef: RefObject<HTMLElement | null>,
): (target: EventTarget) => void {
  const memory = useRef<ScrollMemory | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const created = createScrollMemory(window);
    memory.current = created;
    return () => {
      created.dispose();
      if (memory.current === created) memory.current = null;
    };
  }, [enabled]);

  // Effects run after the commit, so the restored cards are laid out by now.
  useEffect(() => {
    const current = memory.current;
    if (!settled || current === null) return;
    const key = current.restore();
    if (key === null || !/^\d{1,4}$/.test(key)) return;
    // Once only: a later reload of a different list must not jump to this card.
    current.rememberFocus(null);
    const card = listRef.current?.querySelectorAll<HTMLElement>(CARD_FOCUS)[Number(key)];
    card?.focus({ preventScroll: true });
  }, [settled, listRef]);

  return useCallback(
    (target: EventTarget) => {
      const list = listRef.current;
      if (list === null || !(target instanceof Element)) return;
      const card = target.closest(CARD_FOCUS);
      if (card === null) return;
      const index = [...list.querySelectorAll(CARD_FOCUS)].indexOf(card);
      if (index >= 0) memory.current?.rememberFocus(String(index));
    },
    [listRef],
  );
}
