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
 * `laidOut`: true once the parts that render after the cards (the filter groups) are in,
 * so the list will not move. Returns the handler for clicks in the results: it
 * remembers which card was opened.
 */
export function useScrollMemory(
  enabled: boolean,
  settled: boolean,
  listRef: RefObject<HTMLElement | null>,
  laidOut: RefObject<boolean>,
): (target: EventTarget) => void {
  // Made in an effect (it takes over the history's scroll restoration); effects run in
  // order, so the restoring one below finds it.
  const memory = useRef<ScrollMemory | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const created = createScrollMemory(window);
    memory.current = created;
    return () => {
      created.dispose();
      memory.current = null;
    };
  }, [enabled]);

  // restore() acts once: later runs (a new settle) give null.
  useEffect(() => {
    const current = memory.current;
    if (!settled || current === null) return;
    return current.restoreWhenReady(
      () => listRef.current !== null && laidOut.current,
      (key) => {
        if (key === null || !/^\d{1,4}$/.test(key)) return;
        // Once only: a later reload of a different list must not jump to this card.
        current.rememberFocus(null);
        const card = listRef.current?.querySelectorAll<HTMLElement>(CARD_FOCUS)[Number(key)];
        card?.focus({ preventScroll: true });
      },
    );
  }, [settled, listRef, laidOut]);

  return useCallback(
    (target: EventTarget) => {
      const list = listRef.current;
      const current = memory.current;
      if (list === null || current === null || !(target instanceof Element)) return;
      const card = target.closest(CARD_FOCUS);
      if (card === null) return;
      const index = [...list.querySelectorAll(CARD_FOCUS)].indexOf(card);
      if (index >= 0) current.rememberFocus(String(index));
    },
    [listRef],
  );
}
