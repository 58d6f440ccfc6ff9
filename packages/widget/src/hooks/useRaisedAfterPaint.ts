/**
 * `value`, but a rise shows only once the frame that shows the change which caused it is
 * painted (a task after it); a fall shows at once. For the list's window of cards that skip
 * rendering off-screen: a Load More's frame then lays out and paints its new cards only.
 * Moved in the same commit, the cards that leave the window were restyled and laid out
 * again (`content-visibility` on) in that frame, while the new cards waited (bench/README.md).
 */
import { useEffect, useState } from 'react';
import { afterPaint } from '../core/afterPaint';

export function useRaisedAfterPaint(value: number): number {
  const [shown, setShown] = useState(value);
  // A fall (a new list) at once: React renders again before it commits.
  if (value < shown) setShown(value);
  useEffect(() => {
    if (value <= shown) return;
    let live = true;
    afterPaint(() => {
      if (live) setShown(value);
    });
    return () => {
      live = false;
    };
  }, [value, shown]);
  return Math.min(value, shown);
}
