/**
 * Runs in the measured page before any of its scripts (Playwright init script, compiled
 * to a self-contained IIFE by `loadProbeScript`). It only observes: performance entries,
 * and the widget's shadow root (captured when the element attaches it) with a
 * MutationObserver. Nothing here changes what the widget renders, except an
 * `elementtiming` attribute it sets on the first card (Element Timing cross-check).
 *
 * Paint time of a DOM change: the MutationObserver callback runs as a microtask right
 * after React's commit; a requestAnimationFrame callback then runs at the start of the
 * next frame's rendering step, and a user-blocking task posted from it
 * (scheduler.postTask, which runs before queued normal-priority tasks) runs only after
 * that frame's style, layout and paint were done: that moment is the paint of the change.
 *
 * That task is not always next: tasks queued meanwhile can run first (after a Load More,
 * the decoding of the new cards' SVG logos, lazy-loaded by that very frame, about 15 ms
 * each at 4x: traced 2026-11-22, the task ran 280 ms after the frame had been painted).
 * So when the frame was a long animation frame (over 50 ms, reported by the Long
 * Animation Frames API, `long-animation-frame`), the paint is the end of that frame
 * (its style, layout, paint and commit on the main thread), and the task's time only
 * when no such entry covers the frame.
 */

export interface ProbeTimes {
  /** performance.now() right after the DOM change was committed. */
  commit: number;
  /**
   * performance.now() once the frame showing it was painted: the end of its long
   * animation frame entry when there is one, else `afterTask`.
   */
  paint: number;
  /** performance.now() in the user-blocking task posted from that frame's rAF callback. */
  afterTask: number;
  /** 'frame' when `paint` is the end of the frame's long animation frame entry. */
  paintSource: 'frame' | 'task' | '';
  /** performance.now() when that frame's requestAnimationFrame callback ran. */
  frame: number;
  /** Real result cards in the list at that commit. */
  cards: number;
  firstTitle: string;
}

export interface ProbeResource {
  name: string;
  initiatorType: string;
  startTime: number;
  responseEnd: number;
}

export interface ProbeSnapshot {
  now: number;
  firstCard: ProbeTimes | null;
  /** renderTime of the first card's Element Timing entry, when the browser reports one. */
  firstCardElementTiming: number | null;
  longTasks: { start: number; duration: number }[];
  shifts: { time: number; value: number; hadRecentInput: boolean; sources: string[] }[];
  lcp: { time: number; size: number; element: string; url: string }[];
  resources: ProbeResource[];
  /** Every settled change watched with arm(), in order. */
  settled: ProbeTimes[];
  cards: number;
}

/** What is polled while waiting: read from the page in a few microseconds. */
export interface ProbeProgress {
  /** The first card's paint (0 until it is painted). */
  firstCardPaint: number;
  /** How many changes watched with arm() have settled and painted. */
  settled: number;
}

/**
 * Elements whose shadow root holds the cards: the widget's, and the floor page's
 * (bench/floor/page.tsx renders its plain cards into a shadow root too).
 */
const WATCHED_HOSTS = ['partners-network-search', 'pn-floor-page'];

export function installBenchProbe(): void {
  if (window.top !== window) return;
  const snapshot: ProbeSnapshot = {
    now: 0,
    firstCard: null,
    firstCardElementTiming: null,
    longTasks: [],
    shifts: [],
    lcp: [],
    resources: [],
    settled: [],
    cards: 0,
  };
  // 110 cards bring 110 logos: keep every resource entry.
  performance.setResourceTimingBufferSize(5000);
  let shadow: ShadowRoot | null = null;
  /** Set by arm(): waiting for the results to go busy, then settle. */
  let watch: { sawBusy: boolean } | null = null;

  // The page script's classes are short names (`_k`, scripts/compactStyles.ts): an
  // element is named by them and by its `part`, or the nearest one above it, which
  // stays as written (`div._7 in [part~=card]`).
  const describe = (node: unknown): string => {
    if (!(node instanceof Element)) return node instanceof Node ? node.nodeName : 'null';
    const classes = typeof node.className === 'string' ? node.className.trim() : '';
    const name = classes ? `${node.localName}.${classes.split(/\s+/).join('.')}` : node.localName;
    const part = node.closest('[part]');
    if (!part) return name;
    return `${name}${part === node ? '' : ' in '}[part~=${part.getAttribute('part')?.split(' ').at(-1) ?? ''}]`;
  };
  const rect = (value: unknown): string => {
    if (!(value instanceof DOMRectReadOnly)) return '?';
    return `${Math.round(value.x)},${Math.round(value.y)} ${Math.round(value.width)}x${Math.round(value.height)}`;
  };
  const num = (entry: PerformanceEntry, key: string): number => {
    const value: unknown = Reflect.get(entry, key);
    return typeof value === 'number' ? value : 0;
  };
  const observe = (type: string, onEntry: (entry: PerformanceEntry) => void) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({
        type,
        buffered: true,
      });
    } catch {
      // entry type not supported: the figure stays empty
    }
  };
  observe('longtask', (entry) =>
    snapshot.longTasks.push({ start: entry.startTime, duration: entry.duration }),
  );
  observe('layout-shift', (entry) =>
    snapshot.shifts.push({
      time: entry.startTime,
      value: num(entry, 'value'),
      hadRecentInput: Reflect.get(entry, 'hadRecentInput') === true,
      sources: ((Reflect.get(entry, 'sources') as unknown[] | undefined) ?? []).map((source) => {
        if (typeof source !== 'object' || source === null) return '?';
        const previous = rect(Reflect.get(source, 'previousRect'));
        const currentRect: unknown = Reflect.get(source, 'currentRect');
        const current = rect(currentRect);
        const node: unknown = Reflect.get(source, 'node');
        let name = describe(node);
        // Nodes inside a shadow root are not exposed: name what is there now instead.
        const visible =
          currentRect instanceof DOMRectReadOnly && currentRect.width * currentRect.height > 0;
        if (!(node instanceof Node) && !visible) name = '(shadow, moved out of view)';
        else if (!(node instanceof Node) && shadow && currentRect instanceof DOMRectReadOnly) {
          const there = shadow.elementFromPoint(
            currentRect.x + Math.min(8, currentRect.width / 2),
            currentRect.y + Math.min(8, currentRect.height / 2),
          );
          name = `(shadow) ${there ? describe(there) : '?'}`;
        }
        return `${name} ${previous} -> ${current}`;
      }),
    }),
  );
  observe('largest-contentful-paint', (entry) => {
    const element: unknown = Reflect.get(entry, 'element');
    snapshot.lcp.push({
      time: num(entry, 'renderTime') || entry.startTime,
      size: num(entry, 'size'),
      element: describe(element),
      url: String(Reflect.get(entry, 'url') ?? ''),
    });
  });
  // Resources are read from the timeline itself when a snapshot is taken (an entry is in
  // it before the fetch resolves; an observer would be told later, in a task of its own).
  const readResources = (): ProbeResource[] =>
    performance.getEntriesByType('resource').map((entry) => ({
      name: entry.name,
      initiatorType: String(Reflect.get(entry, 'initiatorType')),
      startTime: entry.startTime,
      responseEnd: num(entry, 'responseEnd'),
    }));
  observe('element', (entry) => {
    if (Reflect.get(entry, 'identifier') === 'pn-first-card' && !snapshot.firstCardElementTiming) {
      snapshot.firstCardElementTiming = num(entry, 'renderTime') || entry.startTime;
    }
  });

  // Long animation frames, kept to find the end of the frame a change was painted in.
  const frames: { renderStart: number; end: number }[] = [];
  const readFrames = (list: PerformanceEntryList) => {
    for (const entry of list) {
      frames.push({
        renderStart: num(entry, 'renderStart'),
        end: entry.startTime + entry.duration,
      });
    }
  };
  let frameObserver: PerformanceObserver | null = null;
  try {
    frameObserver = new PerformanceObserver((list) => readFrames(list.getEntries()));
    frameObserver.observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    frameObserver = null; // not supported: paints are the posted task's time
  }
  /** The end of the long animation frame whose rendering ran the rAF callback at `frame`. */
  const paintOf = (times: ProbeTimes) => {
    if (times.frame === 0 || times.paintSource === 'frame') return;
    if (frameObserver) readFrames(frameObserver.takeRecords());
    const covering = frames.find(
      (entry) =>
        entry.renderStart > 0 && entry.renderStart <= times.frame && times.frame <= entry.end,
    );
    if (covering && covering.end <= times.afterTask) {
      times.paint = covering.end;
      times.paintSource = 'frame';
    }
  };

  const afterNextPaint = (done: (time: number, frame: number) => void) => {
    requestAnimationFrame(() => {
      const frame = performance.now();
      const after = () => done(performance.now(), frame);
      // A user-blocking task runs as soon as the rendering task ends, ahead of the
      // normal-priority tasks already queued (React's scheduler, loading tasks).
      const scheduler: unknown = Reflect.get(window, 'scheduler');
      const postTask: unknown =
        typeof scheduler === 'object' && scheduler !== null
          ? Reflect.get(scheduler, 'postTask')
          : undefined;
      if (typeof postTask === 'function') {
        Reflect.apply(postTask, scheduler, [after, { priority: 'user-blocking' }]);
      } else {
        const channel = new MessageChannel();
        channel.port1.onmessage = after;
        channel.port2.postMessage(null);
      }
    });
  };

  const readCards = (root: ShadowRoot) => {
    const cards = root.querySelectorAll('article');
    const title = cards[0]?.querySelector('h2')?.textContent ?? '';
    return { cards: cards.length, title };
  };

  /** A change just committed to the DOM; its paint is filled in by paintedAfter. */
  const committed = (cards: number, firstTitle: string): ProbeTimes => ({
    commit: performance.now(),
    paint: 0,
    afterTask: 0,
    paintSource: '',
    frame: 0,
    cards,
    firstTitle,
  });
  /** Records the next paint's times (the posted task's; paintOf may refine them later). */
  const paintedAfter = (times: ProbeTimes, then: () => void) => {
    afterNextPaint((time, frame) => {
      times.afterTask = time;
      times.paintSource = 'task';
      times.frame = frame;
      times.paint = time;
      then();
    });
  };

  const onMutation = (root: ShadowRoot) => {
    const { cards, title } = readCards(root);
    snapshot.cards = cards;
    if (snapshot.firstCard === null && cards > 0) {
      const first = committed(cards, title);
      snapshot.firstCard = first;
      root.querySelector('article h2')?.setAttribute('elementtiming', 'pn-first-card');
      paintedAfter(first, () => undefined);
    }
    if (watch !== null) {
      const busy = root.querySelector('section[aria-busy]')?.getAttribute('aria-busy') === 'true';
      if (busy) watch.sawBusy = true;
      else if (watch.sawBusy) {
        watch = null;
        const times = committed(cards, title);
        paintedAfter(times, () => {
          snapshot.settled.push(times);
        });
      }
    }
  };

  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit): ShadowRoot {
    const root = attachShadow.call(this, init);
    if (WATCHED_HOSTS.includes(this.localName) && shadow === null) {
      shadow = root;
      new MutationObserver(() => onMutation(root)).observe(root, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
        attributeFilter: ['aria-busy'],
      });
    }
    return root;
  };

  Reflect.set(window, '__pnBench', {
    /** Watch the next search or Load More: resolves into `settled` once painted. */
    arm(): number {
      watch = { sawBusy: false };
      return snapshot.settled.length;
    },
    /**
     * What the bench polls while it waits: two numbers. The whole snapshot (every resource
     * entry, 110 logos after ten Load Mores, copied through JSON) took 14 to 18 ms at 4x and
     * ran between a Load More's commit and its frame in 3 of 4 traced visits (loadmore8):
     * the harness's own task inside the window it measures.
     */
    progress(): ProbeProgress {
      return { firstCardPaint: snapshot.firstCard?.paint ?? 0, settled: snapshot.settled.length };
    },
    snapshot(): ProbeSnapshot {
      snapshot.now = performance.now();
      snapshot.resources = readResources();
      if (snapshot.firstCard) paintOf(snapshot.firstCard);
      snapshot.settled.forEach(paintOf);
      return JSON.parse(JSON.stringify(snapshot)) as ProbeSnapshot;
    },
  });
}
