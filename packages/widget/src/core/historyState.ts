/**
 * The scroll memory's keys in the current history entry's state, read and written without
 * touching the URL, and only when the state is null or a plain object (a host router's own
 * state shape is left alone). In the page script: whether there is anything to restore is
 * known at start, and a card opened is remembered at once, before the scroll memory's chunk
 * (`scrollMemory.ts`) has come.
 */

/** The key of `history.state` that holds the remembered `scrollY`. */
export const SCROLL_STATE_KEY = 'partnersNetworkScrollY';
/** The key that holds what the page says had focus (e.g. the index of the opened card). */
export const FOCUS_STATE_KEY = 'partnersNetworkFocus';

export function isPlainState(value: unknown): value is Record<string, unknown> | null {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Whether a history state remembers a position or a focus (Back, reload): something to restore. */
export function remembersScroll(state: unknown): boolean {
  return (
    isPlainState(state) &&
    state !== null &&
    (typeof state[SCROLL_STATE_KEY] === 'number' || typeof state[FOCUS_STATE_KEY] === 'string')
  );
}

/** Sets one key of the current entry's state (no new entry, the address unchanged). */
export function writeHistoryState(history: History, key: string, value: unknown): void {
  const state: unknown = history.state;
  if (!isPlainState(state)) return;
  if (state !== null && Object.is(state[key], value)) return;
  try {
    // No URL argument: the address stays exactly as it is.
    history.replaceState({ ...state, [key]: value }, '');
  } catch {
    // Rate-limited or refused: the page works without the memory.
  }
}
