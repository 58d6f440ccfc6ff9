/**
 * The URL as a subscriber of the controller (the way InstantSearch's router sits apart
 * from its state). The first answer writes only the route: an empty route becomes
 * '#/search' (or once a failed start settled), the rest of the address untouched (a clean
 * or shared address already gives that same list on reload). From the visitor's first
 * action on, each answer writes the saved search of the list shown into the hash once it is
 * painted, so Back and reload show it again. What makes a saved search (writeLocation.ts)
 * travels in the intent chunk (intentChunk.ts), which the page asks for at the visitor's
 * first focus or pointer press, and this module with its first write at the latest: a first
 * visit that never reaches for the page does not load it.
 */
import type { LocatedSearchCriteria } from '@partners-network/contract';
import { afterPaint } from './afterPaint';
import { loadIntentChunk } from './loadIntentChunk';
import { writeRoute } from './locationParams';
import { logWarning } from './log';
import type { TextCode } from './logTexts';
import type { SearchModel } from './searchReducer';
import { selectRequestCriteria } from './searchReducer';

export interface ModelSource {
  getModel(): SearchModel;
  subscribe(listener: () => void): () => void;
}

/**
 * `acted` tells whether the visitor has acted (searched, filtered, loaded more...): only
 * then is a list written. Returns the unsubscribe.
 */
export function connectUrl(source: ModelSource, win: Window, acted: () => boolean): () => void {
  let shown: unknown = source.getModel().shown;
  // The list to write once the writer is in: a newer one replaces it (the last state wins),
  // so the writes that wait for the chunk are neither lost nor reordered.
  let pending: LocatedSearchCriteria | undefined;
  const write = (search?: string) => {
    try {
      writeRoute(win, search);
    } catch (error) {
      // Browsers limit replaceState calls (Safari: 100 per 30 s); the page still works.
      logWarning([8 satisfies TextCode<'urlNotUpdated'>], error);
    }
  };
  // An empty route becomes '#/search' once the first search has settled and is painted, not
  // in the start's task: a replaceState there (10 to 20 ms at 4x CPU, the first one more)
  // made that task long and delayed the first cards (bench/README.md).
  // A search that failed after a list was shown (the server went away, the error panel
  // replaces the page) writes its own criteria, keyed by its message, so that a reload
  // tries the visitor's text again rather than the list before it.
  return source.subscribe(() => {
    const model = source.getModel();
    const { shown: next, started, request, errorMessage } = model;
    const key = errorMessage || next;
    // A new answer shown, or a start settled without one (the route alone).
    if (next ? key === shown : !started || request) return;
    shown = key;
    // Before the visitor's first action the list is the address's own: the route alone.
    const list =
      next && acted() && (errorMessage ? selectRequestCriteria(model, 'replace') : next.criteria);
    // Once the answer is painted: in the answer's task it ran before React rendered the cards.
    afterPaint(() => {
      write();
      if (!list) return;
      pending = list;
      // The intent chunk (one fetch: the page asked for it at the visitor's first focus or
      // pointer press). Not come (the network went): the list waits for the next write.
      loadIntentChunk().then(
        (writer) => {
          if (pending) write(writer.searchParamOf(pending));
          pending = undefined;
        },
        () => undefined,
      );
    });
  });
}
