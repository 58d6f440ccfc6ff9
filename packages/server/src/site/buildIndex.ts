/**
 * Builds a site's search index as its partners are read: on the main thread for small
 * sites (milliseconds), or in a worker thread for large ones (seconds at 100k partners),
 * so that building a successor never holds up a search. Documents of every locale and
 * memberships go in as each page of partners is read, so no page needs to be kept. The
 * worker sends the finished index back, its arrays moved rather than copied, and ends:
 * searches run on the main thread, with no message per search and no second copy of the
 * index's memory.
 */
import { Worker } from 'node:worker_threads';
import type { CacheKind } from '../cache/KeptCache';
import type { TermSet } from '../search/TermSet';
import { SiteIndex, SiteIndexBuilder } from '../search/SiteIndex';
import type { IndexPage, IndexWorkerMessage, IndexWorkerReply } from './indexMessages';
import { addMemberships } from './indexMessages';

/** Where a build sends its pages. */
export interface IndexSink {
  /**
   * Indexes a page's documents and memberships; resolves when the next page may come.
   * The page's arrays may be moved to another thread: the caller must not use them again.
   */
  add(page: IndexPage): Promise<void>;
  /** Ends the build. */
  finish(): Promise<SiteIndex>;
  /** Gives up a build that failed midway: its thread and memory go. */
  abort(): void;
}

/**
 * Batches sent and not yet indexed. Without a bound the main thread, faster at sending
 * than the worker at indexing, queued every batch at once: 160 MB more at 100k partners.
 */
const BATCHES_IN_FLIGHT = 2;

/** Builds on the main thread. */
export function inlineSink(
  size: number,
  locales: readonly string[],
  termSets?: CacheKind<TermSet>,
): IndexSink {
  const builder = new SiteIndexBuilder(size);
  const adding = new Map(locales.map((locale) => [locale, builder.beginLocale(locale)]));
  return {
    add: async (page) => {
      for (const { locale, documents } of page.batches) {
        const adder = adding.get(locale);
        for (const document of documents) adder?.add(document);
      }
      addMemberships(builder, page);
    },
    finish: async () => {
      for (const adder of adding.values()) adder.end();
      return builder.build(termSets);
    },
    abort: () => undefined,
  };
}

function workerUrl(): URL {
  // Run from TypeScript sources (tsx, Vitest) or from compiled JavaScript.
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`./indexWorker${extension}`, import.meta.url);
}

function spawnWorker(): Worker {
  const url = workerUrl();
  // From TypeScript sources the worker first registers tsx's loader in its own thread
  // (a worker does not inherit the hooks of --import tsx).
  const worker = url.pathname.endsWith('.ts')
    ? new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); });`,
        { eval: true },
      )
    : new Worker(url);
  // A server's workers never keep it running.
  worker.unref();
  // Its build reports its errors (workerSink); none after the build goes unhandled.
  worker.on('error', () => undefined);
  return worker;
}

/** Builds in a worker thread, which sends the index back and ends. */
export function workerSink(
  size: number,
  locales: readonly string[],
  termSets?: CacheKind<TermSet>,
): IndexSink {
  // A thread of its own per build, started now: a spare kept started between builds held
  // an idle isolate with its modules (about 25 to 35 MB of RSS) for builds that come
  // rarely (a new definition, 500 changes laid); the build waits for its start instead.
  const worker = spawnWorker();
  let inFlight = 0;
  let onIndexed: (() => void) | undefined;
  const built = new Promise<SiteIndex>((resolve, reject) => {
    worker.on('message', (reply: IndexWorkerReply) => {
      if (reply.type === 'built') {
        resolve(SiteIndex.fromParts(reply.parts, termSets));
        return;
      }
      inFlight -= 1;
      onIndexed?.();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`search index worker exited (${code})`)));
  });
  // A failed build must not leave the sender waiting for an acknowledgement.
  const failed = built.then(
    () => new Promise<never>(() => undefined),
    (error: unknown) => Promise.reject(error instanceof Error ? error : new Error(String(error))),
  );
  // Whoever does not wait for the build (an abort) must not see its rejection unhandled.
  failed.catch(() => undefined);
  const indexed = () => new Promise<void>((resolve) => (onIndexed = resolve));
  const post = (message: IndexWorkerMessage, moved: ArrayBuffer[] = []) =>
    worker.postMessage(message, moved);
  post({ type: 'start', size, locales: [...locales] });
  return {
    add: async (page) => {
      inFlight += 1;
      // The memberships' buffers move to the worker rather than being copied.
      const moved = [page.filters.buffer, page.items.buffer].filter(
        (buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer,
      );
      post({ type: 'page', ...page }, moved);
      while (inFlight >= BATCHES_IN_FLIGHT) await Promise.race([indexed(), failed]);
    },
    finish: async () => {
      try {
        post({ type: 'finish' });
        return await built;
      } finally {
        // Its work is done (or failed): the thread and all its build memory go.
        void worker.terminate();
      }
    },
    abort: () => void worker.terminate(),
  };
}
