/**
 * Focus after Load More (WCAG: the visitor goes on reading where the new cards start):
 * the returned handler notes where the first new card will stand, and once the cards
 * are in, focus moves to it. Then the pictures of the cards Load More appended load, and
 * the cards appended before the last two Load Mores start skipping off-screen.
 */
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { afterPaint } from '../core/afterPaint';
import { LOAD_MORE_STEP } from '../core/types';

export function useFocusAfterLoadMore(
  listRef: RefObject<HTMLElement | null>,
  cardCount: number,
  loadingMore: boolean,
  loadMore: () => void,
): () => void {
  // Index of the first card a Load More will add.
  const pending = useRef<number | null>(null);
  useEffect(() => {
    const index = pending.current;
    if (index === null || loadingMore) return;
    pending.current = null;
    // Once the new cards are painted: focus forces a style and layout pass (and scrolls);
    // in the frame that shows the cards it delayed their paint (bench/README.md). Not
    // cancelled: a frame is too short for a new list to come meanwhile. No card at `index`
    // (the answer added none): nothing to focus.
    // Appended cards' pictures (lazy until then, and not displayed while "false",
    // ui/intent.css: loaded in the frame that shows the cards, they held up its paint or
    // the task right after it) load now, eager (no `loading` attribute: the default), not
    // when the visitor scrolls to them: that scroll is the one to the Load More button, and
    // each picture (an SVG logo is a document parsed on the main thread) held up the next
    // answer's cards (bench/README.md).
    afterPaint(() => {
      const list = listRef.current;
      list?.querySelectorAll<HTMLElement>('[data-card-focus]')[index]?.focus();
      // The new cards ("false", React's mark: past the first four, skipped while off-screen
      // in the frame that shows them, and their pictures not displayed, ui/intent.css) are
      // rendered in full from here on, as are the last two Load Mores' ("", on screen or
      // next to it); the older ones turn skipped off-screen ("true") here, not in the
      // commit: turned there, they were restyled and laid out again in the frame that
      // shows the new cards, while those waited (bench/README.md). A mark set to the value
      // it has changes nothing.
      list?.querySelectorAll<HTMLElement>('[data-appended]').forEach((cell, at, cells) => {
        cell.querySelector('img')?.removeAttribute('loading');
        cell.dataset.appended = at < cells.length - 2 * LOAD_MORE_STEP ? 'true' : '';
      });
    });
  }, [loadingMore, cardCount, listRef]);

  return () => {
    pending.current = cardCount;
    loadMore();
  };
}
