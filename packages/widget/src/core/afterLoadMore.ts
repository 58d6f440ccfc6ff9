/**
 * What follows a Load More's paint (hooks/useFocusAfterLoadMore.ts), in the intent chunk
 * (../intentChunk.ts): a Load More is pressed after the focus or pointer press that asks
 * for it.
 */
import { LOAD_MORE_STEP } from './types';

/**
 * Focus goes to the card at `index` of `list` (the first one the Load More added; none
 * there, the answer added none: nothing to focus). The appended cards' pictures (lazy
 * until then, and not displayed while "false", ui/intent.css: loaded in the frame that
 * shows the cards, they held up its paint or the task right after it) load now, eager (no
 * `loading` attribute: the default), not when the visitor scrolls to them: that scroll is
 * the one to the Load More button, and each picture (an SVG logo is a document parsed on
 * the main thread) held up the next answer's cards (bench/README.md).
 * The new cards ("false", React's mark: past the first four, skipped while off-screen in
 * the frame that shows them, and their pictures not displayed, ui/intent.css) are rendered
 * in full from here on, as are the last two Load Mores' ("", on screen or next to it); the
 * older ones turn skipped off-screen ("true") here, not in the commit: turned there, they
 * were restyled and laid out again in the frame that shows the new cards, while those
 * waited (bench/README.md). A mark set to the value it has changes nothing.
 */
export function afterLoadMore(list: HTMLElement | null, index: number): void {
  list?.querySelectorAll<HTMLElement>('[data-card-focus]')[index]?.focus();
  list?.querySelectorAll<HTMLElement>('[data-appended]').forEach((cell, at, cells) => {
    cell.querySelector('img')?.removeAttribute('loading');
    cell.dataset.appended = at < cells.length - 2 * LOAD_MORE_STEP ? 'true' : '';
  });
}
