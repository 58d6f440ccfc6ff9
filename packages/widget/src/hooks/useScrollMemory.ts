/**
 * React side of core/scrollMemory: alive while the page owns the URL; once the first
 * list has settled on screen it restores the remembered scroll position and gives
 * focus back to the card the visitor opened (a keyboard user goes on from there).
 *
 * The memory is a chunk: a first visit has nothing to restore and nothing to save until
 * the visitor scrolls or acts, so it loads then (or at start when the history entry
 * remembers something: Back, reload). Until it has come, the page script takes the
 * browser's scroll restoration over and remembers a card opened (`core/historyState.ts`).
 */
import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { FOCUS_STATE_KEY, remembersScroll, writeHistoryState } from '../core/historyState';
import type { ScrollMemory } from '../core/scrollMemory';

/** What a visitor does first that the memory must hear (scrolling, or what may scroll). */
const FIRST_INPUTS = ['scroll', 'wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

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
    const { history } = window;
    // The page rebuilds its list asynchronously: the browser's own restoration would run
    // against a page that is still short.
    const previous = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    let created: ScrollMemory | null = null;
    let live = true;
    const waiting = new AbortController();
    const load = () => {
      waiting.abort();
      void import('../core/scrollMemory').then((module) => {
        if (!live) return;
        created = module.createScrollMemory(window);
        setMemory(created);
      });
    };
    if (remembersScroll(history.state)) load();
    else {
      for (const type of FIRST_INPUTS)
        window.addEventListener(type, load, {
          passive: true,
          capture: true,
          signal: waiting.signal,
        });
    }
    return () => {
      live = false;
      waiting.abort();
      created?.dispose();
      history.scrollRestoration = previous;
      setMemory(null);
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
