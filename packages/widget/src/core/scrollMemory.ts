/**
 * Remembers the window's scroll position (and a focus key the page chooses) in the
 * current history entry's state and puts it back once the page has rebuilt its list
 * (Back, reload). The page restores
 * its list asynchronously, so the browser's own restoration would run against a page
 * that is still short: while a memory is alive, `history.scrollRestoration` is
 * 'manual' and the page scrolls itself when `restore()` is called.
 *
 * Framework-free; the URL is never touched (replaceState keeps it), only the state
 * object gets one more key, and only when it is null or a plain object (a host
 * router's own state shape is left alone: `historyState.ts`). A chunk of its own
 * (`hooks/useScrollMemory.ts` loads it): at start when the entry remembers a position or
 * a focus (Back, reload), else on the visitor's first scroll or input, as there is nothing
 * to save before.
 */
import { FOCUS_STATE_KEY, isPlainState, SCROLL_STATE_KEY, writeHistoryState } from './historyState';

/**
 * Where `scrollend` is missing (Safari), scrolling is saved at most this often:
 * browsers limit replaceState (Safari: 100 calls in 30 s).
 */
export const SCROLL_SAVE_INTERVAL_MS = 1000;

/** How long restoreWhenReady waits for the page to be ready before it restores anyway. */
export const RESTORE_TIMEOUT_MS = 3000;

export interface ScrollMemory {
  /** The position read from history.state when the memory was made (null if none). */
  readonly saved: number | null;
  /**
   * Scrolls to the remembered position, once: call it when the restored list is on
   * screen. Does nothing after the visitor scrolled, clicked or typed meanwhile.
   * Returns the remembered focus key for the page to act on (null when there is none
   * or nothing was restored).
   */
  restore(): string | null;
  /**
   * Calls restore() once the page can take it, checked each animation frame: `isReady()`
   * holds (the list is on screen, the parts that render late have loaded) and the
   * document's height stayed the same for one frame and reaches the saved position, or
   * `timeoutMs` passed (a list that came back shorter). `onRestored` gets the focus key.
   * Returns a function that cancels the wait.
   */
  restoreWhenReady(
    isReady: () => boolean,
    onRestored: (focusKey: string | null) => void,
    timeoutMs?: number,
  ): () => void;
  /**
   * restoreWhenReady, then gives focus back to the card the visitor opened: the remembered
   * key is its index among the `[data-card-focus]` elements of `list()` (a keyboard user
   * goes on from there), once.
   */
  restoreOpenedCard(isReady: () => boolean, list: () => ParentNode | null): () => void;
  /** Saves the position now (also done on scroll, clicks on links and pagehide). */
  save(): void;
  /** Remembers what has focus (a key the page understands), e.g. the card being opened. */
  rememberFocus(key: string | null): void;
  /** Removes the listeners and gives scroll restoration back to the browser. */
  dispose(): void;
}

/** The remembered position in a history state, or null. */
export function readSavedScroll(state: unknown): number | null {
  if (!isPlainState(state) || state === null) return null;
  const value = state[SCROLL_STATE_KEY];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/** The remembered focus key in a history state, or null. */
export function readSavedFocus(state: unknown): string | null {
  if (!isPlainState(state) || state === null) return null;
  const value = state[FOCUS_STATE_KEY];
  return typeof value === 'string' ? value : null;
}

function isLink(target: EventTarget): boolean {
  return (
    (target instanceof HTMLAnchorElement || target instanceof HTMLAreaElement) &&
    target.hasAttribute('href')
  );
}

export function createScrollMemory(
  win: Window = window,
  { saveIntervalMs = SCROLL_SAVE_INTERVAL_MS }: { saveIntervalMs?: number } = {},
): ScrollMemory {
  const history = win.history;
  const saved = readSavedScroll(history.state);
  const savedFocus = readSavedFocus(history.state);
  const previousRestoration = history.scrollRestoration;
  history.scrollRestoration = 'manual';

  /** Until restore() ran (or the visitor took over), saving would overwrite the memory. */
  let pending = true;
  let disposed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function save(): void {
    if (disposed || pending) return;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    writeHistoryState(history, SCROLL_STATE_KEY, Math.round(win.scrollY));
  }

  function onScroll(): void {
    if (pending || timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      save();
    }, saveIntervalMs);
  }

  function onClick(event: Event): void {
    // Only a link leaves the page. A button's click (Load More) saves nothing: its
    // replaceState (up to 18 ms at 4x CPU) held up the pickup of the button's answer.
    if (event.composedPath().some(isLink)) save();
  }

  function onVisitorInput(): void {
    // The visitor acts before the list is back: their position wins over the memory.
    pending = false;
  }

  const doc = win.document;
  const inputEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  win.addEventListener('scroll', onScroll, { passive: true });
  // One save per scroll gesture. pagehide alone is not enough: Chromium drops a
  // replaceState made while the page unloads for a reload.
  win.addEventListener('scrollend', save);
  win.addEventListener('pagehide', save);
  // Capture: a link click inside the shadow root reaches the document retargeted; its
  // composed path still holds the link (the widget's shadow roots are open).
  doc.addEventListener('click', onClick, true);
  for (const type of inputEvents)
    win.addEventListener(type, onVisitorInput, { passive: true, capture: true });

  function restore(): string | null {
    if (disposed || !pending) return null;
    pending = false;
    if (saved !== null) win.scrollTo(0, saved);
    return savedFocus;
  }

  const memory: ScrollMemory = {
    saved,
    restore,
    restoreWhenReady(isReady, onRestored, timeoutMs = RESTORE_TIMEOUT_MS) {
      // Nothing remembered (a first visit): nothing to wait for. Waiting would read the
      // page's height every frame, a layout each time, while the first cards render.
      if (saved === null && savedFocus === null) {
        onRestored(restore());
        return () => undefined;
      }
      // Parts of the page render after the first list (deferred renders): a scroll made
      // before they are laid out would land short or be pushed away.
      const started = Date.now();
      let lastHeight = -1;
      let frame = 0;
      const check = (): void => {
        const height = doc.documentElement.scrollHeight;
        const reachable = saved === null || height - win.innerHeight >= saved;
        const stable = height === lastHeight;
        lastHeight = height;
        if ((isReady() && stable && reachable) || Date.now() - started >= timeoutMs) {
          onRestored(restore());
          return;
        }
        frame = win.requestAnimationFrame(check);
      };
      frame = win.requestAnimationFrame(check);
      return () => win.cancelAnimationFrame(frame);
    },
    restoreOpenedCard(isReady, list) {
      return memory.restoreWhenReady(isReady, (key) => {
        if (key === null || !/^\d{1,4}$/.test(key)) return;
        // Once only: a later reload of a different list must not jump to this card.
        memory.rememberFocus(null);
        const cards = list()?.querySelectorAll<HTMLElement>('[data-card-focus]');
        cards?.[Number(key)]?.focus({ preventScroll: true });
      });
    },
    save() {
      save();
    },
    rememberFocus(key) {
      if (!disposed) writeHistoryState(history, FOCUS_STATE_KEY, key);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      win.removeEventListener('scroll', onScroll);
      win.removeEventListener('scrollend', save);
      win.removeEventListener('pagehide', save);
      doc.removeEventListener('click', onClick, true);
      for (const type of inputEvents) win.removeEventListener(type, onVisitorInput, true);
      history.scrollRestoration = previousRestoration;
    },
  };
  return memory;
}
