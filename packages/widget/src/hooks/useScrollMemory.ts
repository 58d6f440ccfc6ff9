/**
 * React side of core/scrollMemory: alive while the page owns the URL, restores the
 * remembered scroll position once the first list has settled on screen.
 */
import { useEffect, useRef } from 'react';
import { createScrollMemory } from '../core/scrollMemory';
import type { ScrollMemory } from '../core/scrollMemory';

/**
 * `enabled`: the page keeps its state in the URL (syncUrl), so the history entry is
 * its own. `settled`: the first answer is rendered (cards in the DOM, nothing loading).
 */
export function useScrollMemory(enabled: boolean, settled: boolean): void {
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
    if (settled) memory.current?.restore();
  }, [settled]);
}
