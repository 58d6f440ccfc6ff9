/**
 * React side of core/scrollMemory: alive while the page owns the URL; once the first
 * list has settled on screen it restores the remembered scroll position and gives
 * focus back to the card the visitor opened (a keyboard user goes on from there).
 */
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { createScrollMemory } from '../core/scrollMemory';
import type { ScrollMemory } from '../core/scrollMemory';

/** The focusable element of each card (PartnerCardView). */
const CARD_FOCUS = '[data-card-focus]';

/**
 * `enabled`: the page keeps its state in the URL (syncUrl), so the history entry is
 * its own. `settled`: the first answer is rendered (cards in the DOM, nothing loading).
 * `laidOut`: true once the parts that render after the cards (the filter groups) are in,
 * so the list will not move. Returns what remembers the card opened, by its place among
 * the cards' focusable elements.
 */
export function useScrollMemory(
  enabled: boolean,
  settled: boolean,
  listRef: RefObject<HTMLElement | null>,
  laidOut: RefObject<boolean>,
): (index: number) => void {
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

  return (index) => memory.current?.rememberFocus(String(index));
}
