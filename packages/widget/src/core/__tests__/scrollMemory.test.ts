import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FOCUS_STATE_KEY, SCROLL_STATE_KEY } from '../historyState';
import { createScrollMemory, readSavedFocus, readSavedScroll } from '../scrollMemory';
import type { ScrollMemory } from '../scrollMemory';

let scrollY = 0;
let memory: ScrollMemory | null = null;

function make(): ScrollMemory {
  memory = createScrollMemory(window, { saveIntervalMs: 50 });
  return memory;
}

function scrollTo(y: number): void {
  scrollY = y;
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => {
  scrollY = 0;
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
  vi.spyOn(window, 'scrollTo').mockImplementation((...args: unknown[]) => {
    const y = args[1];
    if (typeof y === 'number') scrollY = y;
  });
  window.history.replaceState(null, '', '/#/search?search=abc');
  window.history.scrollRestoration = 'auto';
});

afterEach(() => {
  memory?.dispose();
  memory = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('readSavedScroll', () => {
  it.each([
    [null, null],
    ['text', null],
    [{}, null],
    [{ [SCROLL_STATE_KEY]: -1 }, null],
    [{ [SCROLL_STATE_KEY]: '12' }, null],
    [{ [SCROLL_STATE_KEY]: Number.NaN }, null],
    [{ [SCROLL_STATE_KEY]: 640 }, 640],
  ])('reads %j as %j', (state, expected) => {
    expect(readSavedScroll(state)).toBe(expected);
  });
});

describe('createScrollMemory', () => {
  it('takes scroll restoration from the browser while alive and gives it back', () => {
    const made = make();
    expect(window.history.scrollRestoration).toBe('manual');
    made.dispose();
    expect(window.history.scrollRestoration).toBe('auto');
  });

  it('restores the remembered position once, when asked', () => {
    window.history.replaceState({ [SCROLL_STATE_KEY]: 1200 }, '');
    const made = make();
    expect(made.saved).toBe(1200);
    expect(window.scrollTo).not.toHaveBeenCalled();
    expect(made.restore()).toBeNull();
    expect(window.scrollTo).toHaveBeenCalledExactlyOnceWith(0, 1200);
    expect(made.restore()).toBeNull();
    expect(window.scrollTo).toHaveBeenCalledTimes(1);
  });

  it('does not jump when the visitor acted before the list was back', () => {
    window.history.replaceState({ [SCROLL_STATE_KEY]: 1200 }, '');
    const made = make();
    window.dispatchEvent(new Event('wheel'));
    expect(made.restore()).toBeNull();
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('saves scrolling (throttled) into history.state, keeping the URL and other keys', () => {
    vi.useFakeTimers();
    window.history.replaceState({ router: 'host' }, '');
    const length = window.history.length;
    const made = make();
    made.restore();
    scrollTo(100);
    scrollTo(300);
    expect(readSavedScroll(window.history.state)).toBeNull();
    vi.advanceTimersByTime(60);
    expect(window.history.state).toEqual({ router: 'host', [SCROLL_STATE_KEY]: 300 });
    expect(window.location.hash).toBe('#/search?search=abc');
    expect(window.history.length).toBe(length);
  });

  it('saves at once when a scroll ends', () => {
    const made = make();
    made.restore();
    scrollY = 1234;
    window.dispatchEvent(new Event('scrollend'));
    expect(readSavedScroll(window.history.state)).toBe(1234);
  });

  it('saves at once on a click on a link (inside a shadow root too) and on pagehide', () => {
    const made = make();
    made.restore();
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const link = document.createElement('a');
    link.href = '#partner';
    const label = document.createElement('span');
    link.append(label);
    shadow.append(link);
    link.addEventListener('click', (event) => event.preventDefault());
    scrollY = 450;
    label.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    expect(readSavedScroll(window.history.state)).toBe(450);
    host.remove();
    scrollY = 500;
    window.dispatchEvent(new Event('pagehide'));
    expect(readSavedScroll(window.history.state)).toBe(500);
  });

  it('writes nothing on a click that is not on a link (Load More)', () => {
    const made = make();
    made.restore();
    const button = document.createElement('button');
    document.body.append(button);
    const replaceState = vi.spyOn(window.history, 'replaceState');
    scrollY = 450;
    button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(replaceState).not.toHaveBeenCalled();
    expect(readSavedScroll(window.history.state)).toBeNull();
    replaceState.mockRestore();
    button.remove();
  });

  it('remembers a focus key and hands it back once, with the scroll', () => {
    const first = make();
    first.restore();
    scrollY = 800;
    first.rememberFocus('12');
    first.save();
    expect(readSavedFocus(window.history.state)).toBe('12');
    first.dispose();

    // Back or reload: a new page reads the same history entry.
    const second = make();
    expect(second.restore()).toBe('12');
    expect(window.scrollTo).toHaveBeenCalledExactlyOnceWith(0, 800);
    expect(second.restore()).toBeNull();
  });

  it('hands no focus back when the visitor acted first', () => {
    window.history.replaceState({ [FOCUS_STATE_KEY]: '3', [SCROLL_STATE_KEY]: 10 }, '');
    const made = make();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(made.restore()).toBeNull();
  });

  it('keeps the memory while the list is still coming back', () => {
    window.history.replaceState({ [SCROLL_STATE_KEY]: 900 }, '');
    make();
    // The short page clamps the scroll to 0 before the cards are in: not a position to keep.
    window.dispatchEvent(new Event('pagehide'));
    expect(readSavedScroll(window.history.state)).toBe(900);
  });

  it('waits for the late parts and for a page tall enough before it restores', () => {
    vi.useFakeTimers();
    window.history.replaceState({ [SCROLL_STATE_KEY]: 1500, [FOCUS_STATE_KEY]: '4' }, '');
    let height = 900;
    vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockImplementation(() => height);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
    let partsIn = false;
    const restored = vi.fn();
    make().restoreWhenReady(() => partsIn, restored);

    vi.advanceTimersByTime(200);
    // A scroll now would stop at 100 (900 - 800) and lose the place.
    expect(window.scrollTo).not.toHaveBeenCalled();
    partsIn = true;
    vi.advanceTimersByTime(200);
    expect(window.scrollTo).not.toHaveBeenCalled();
    height = 3000;
    vi.advanceTimersByTime(200);
    expect(window.scrollTo).toHaveBeenCalledExactlyOnceWith(0, 1500);
    expect(restored).toHaveBeenCalledExactlyOnceWith('4');
  });

  it('restores anyway when the page stays short past the timeout, and can be cancelled', () => {
    vi.useFakeTimers();
    window.history.replaceState({ [SCROLL_STATE_KEY]: 1500 }, '');
    const restored = vi.fn();
    const cancel = make().restoreWhenReady(() => false, restored, 1000);
    vi.advanceTimersByTime(500);
    expect(restored).not.toHaveBeenCalled();
    vi.advanceTimersByTime(600);
    expect(restored).toHaveBeenCalledExactlyOnceWith(null);

    memory?.dispose();
    const other = vi.fn();
    const cancelOther = make().restoreWhenReady(() => true, other);
    cancelOther();
    vi.advanceTimersByTime(5000);
    expect(other).not.toHaveBeenCalled();
    cancel();
  });

  it('leaves a host state that is not a plain object alone', () => {
    window.history.replaceState('host-state', '');
    const made = make();
    made.restore();
    scrollY = 200;
    made.save();
    expect(window.history.state).toBe('host-state');
  });

  it('keeps working when replaceState is refused', () => {
    const made = make();
    made.restore();
    vi.spyOn(window.history, 'replaceState').mockImplementation(() => {
      throw new DOMException('too many calls', 'SecurityError');
    });
    scrollY = 10;
    expect(() => made.save()).not.toThrow();
  });

  it('is inert after dispose', () => {
    const made = make();
    made.restore();
    made.dispose();
    scrollY = 70;
    window.dispatchEvent(new Event('pagehide'));
    expect(readSavedScroll(window.history.state)).toBeNull();
  });
});
