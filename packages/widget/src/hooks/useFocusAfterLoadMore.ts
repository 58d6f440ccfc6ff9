/**
 * Focus after Load More (WCAG: the visitor goes on reading where the new cards start):
 * the returned handler notes where the first new card will stand, and once the cards
 * are in and painted, focus moves to it. Then the pictures of the cards Load More appended load, and
 * the cards appended before the last two Load Mores start skipping off-screen.
 */
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { afterPaint } from '../core/afterPaint';
import { loadIntentChunk } from '../core/loadIntentChunk';

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
    // cancelled: a frame is too short for a new list to come meanwhile. What is done then is
    // in the intent chunk (core/afterLoadMore.ts): asked for at the first focus or pointer
    // press in the page, it is in before a Load More can be pressed (bench/README.md,
    // bytesjs17); a press that came with neither asks for it here. A chunk that cannot
    // come leaves focus where it is (its failed fetch is in the console).
    afterPaint(() => {
      void loadIntentChunk().then((chunk) => chunk.afterLoadMore(listRef.current, index));
    });
  }, [loadingMore, cardCount, listRef]);

  return () => {
    pending.current = cardCount;
    loadMore();
  };
}
