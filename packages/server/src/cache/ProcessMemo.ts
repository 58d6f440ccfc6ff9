/**
 * A memo of the process: a module-level map from an input to what a pure function made of
 * it (a character's class, a word folded, a text cut into words, an `Accept-Encoding`
 * header negotiated, a locale's country names). Unlike the caches of a built site
 * (`KeptCache`, lru-cache), a memo is emptied whole when it reaches its bound: its inputs
 * come from a small set (the characters and words of a directory, a handful of headers and
 * locales) far below the bound, so only hostile input fills it, and a lookup on the hot
 * path (once per non-ASCII character, once per card's text) stays a bare `Map.get`
 * instead of lru-cache's bookkeeping. `/metrics` shows each memo beside the caches
 * (`pn_cache_*{cache="memo-…"}`), with the times it was emptied (`pn_cache_clears_total`).
 */
export class ProcessMemo {
  hits = 0;
  misses = 0;
  /** Times the memo let entries go because it was full (emptied, or its older half dropped). */
  clears = 0;

  constructor(
    /** The name `/metrics` shows. */
    readonly name: string,
    /** Entries at which the memo is emptied. */
    readonly maxEntries: number,
    /** The entries it holds now. */
    readonly entries: () => number,
  ) {
    memos.push(this);
  }
}

const memos: ProcessMemo[] = [];

/** Every memo of the process, as `/metrics` reads them at a scrape. */
export function processMemos(): readonly ProcessMemo[] {
  return memos;
}
