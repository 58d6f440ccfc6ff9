/**
 * React side of core/scrollMemory: alive while the page owns the URL; once the first
 * list has settled on screen it restores the remembered scroll position and gives
 * focus back to the card the visitor opened (a keyboard user goes on from there).
 *
 * The memory is a chunk: a first visit has nothing to restore and no position to save
 * until the visitor scrolls, so it loads then (or at start when the history entry
 * remembers something: Back, reload); it takes the browser's scroll restoration over once
 * it is there. A card opened is remembered by the page script (`core/historyState.ts`), so
 * that needs no chunk.
 */
import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { FOCUS_STATE_KEY, remembersScroll, writeHistoryState } from '../core/historyState';
import type { ScrollMemory } from '../core/scrollMemory';

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
  const [memory, setMemory] = useState<ScrollMemory | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let created: ScrollMemory | null = null;
    let live = true;
    const load = () => {
      removeEventListener('scroll', load);
      void import('../core/scrollMemory').then((module) => {
        if (!live) return;
        created = module.createScrollMemory(window);
        setMemory(created);
      });
    };
    if (remembersScroll(history.state)) load();
    else addEventListener('scroll', load, { passive: true });
    return () => {
      live = false;
      removeEventListener('scroll', load);
      // (A disposed memory restores nothing: it may stay in the state.)
      created?.dispose();
    };
  }, [enabled]);

  // restore() acts once: later runs (a new settle) give null.
  useEffect(() => {
    if (!settled || memory === null) return;
    return memory.restoreOpenedCard(
      () => listRef.current !== null && laidOut.current,
      () => listRef.current,
    );
  }, [settled, memory, listRef, laidOut]);

  return (index) => {
    if (enabled) writeHistoryState(window.history, FOCUS_STATE_KEY, String(index));
  };
}
