/**
 * Builds a site's search index: on the main thread for small sites (milliseconds), or in
 * a worker thread for large ones (seconds at 100k partners), so that building a successor
 * never holds up a search. The worker sends the finished index back, its arrays moved
 * rather than copied, and ends: searches run on the main thread, with no message per
 * search and no second copy of the index's memory.
 */
import { Worker } from 'node:worker_threads';
import type { IndexedDocument } from '../search/SiteIndex';
import { SiteIndex, SiteIndexBuilder } from '../search/SiteIndex';
import type { IndexWorkerMessage, IndexWorkerReply } from './indexWorker';

/** What an index is built from: sizes, memberships and each locale's documents. */
export interface IndexFeed {
  size: number;
  /** (global filter id, ordinal) pairs, flat. */
  filters: Int32Array;
  /** (filter item id, ordinal) pairs, flat. */
  items: Int32Array;
  locales: readonly string[];
  documents: (locale: string) => Iterable<IndexedDocument>;
}

/** Documents per message to a worker: each costs a few ms of copying on the main thread. */
const DOCUMENTS_PER_MESSAGE = 1000;
/**
 * Batches sent and not yet indexed. Without a bound the main thread, faster at sending
 * than the worker at indexing, queued every batch at once: 160 MB more at 100k partners.
 */
const BATCHES_IN_FLIGHT = 2;

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Builds on the main thread, giving the event loop back between locales. */
export async function buildInline(feed: IndexFeed): Promise<SiteIndex> {
  const builder = new SiteIndexBuilder(feed.size);
  for (let at = 0; at + 1 < feed.filters.length; at += 2) {
    builder.addToGlobalFilter(feed.filters[at] ?? 0, feed.filters[at + 1] ?? 0);
  }
  for (let at = 0; at + 1 < feed.items.length; at += 2) {
    builder.addToItem(feed.items[at] ?? 0, feed.items[at + 1] ?? 0);
  }
  for (const locale of feed.locales) {
    await nextTick();
    builder.addLocale(locale, feed.documents(locale));
  }
  return builder.build();
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
  // A spare that fails to start is simply not used (its build falls back to the main thread).
  worker.on('error', () => undefined);
  worker.once('exit', () => {
    if (spare === worker) spare = undefined;
  });
  return worker;
}

/**
 * One worker started ahead, so a rebuild does not wait for a thread and its module
 * loading (hundreds of ms); each build still gets a thread of its own.
 */
let spare: Worker | undefined;

function takeWorker(): Worker {
  const worker = spare ?? spawnWorker();
  spare = spawnWorker();
  return worker;
}

/** Builds in a worker thread, which sends the index back and ends. */
export async function buildInWorker(feed: IndexFeed): Promise<SiteIndex> {
  const worker = takeWorker();
  let inFlight = 0;
  let onIndexed: (() => void) | undefined;
  const built = new Promise<SiteIndex>((resolve, reject) => {
    worker.on('message', (reply: IndexWorkerReply) => {
      if (reply.type === 'built') {
        resolve(SiteIndex.fromParts(reply.parts));
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
  const indexed = () => new Promise<void>((resolve) => (onIndexed = resolve));
  const post = (message: IndexWorkerMessage) => {
    if (message.type === 'documents') inFlight += 1;
    worker.postMessage(message);
  };
  try {
    post({ type: 'start', size: feed.size });
    post({ type: 'filters', pairs: feed.filters });
    post({ type: 'items', pairs: feed.items });
    for (const locale of feed.locales) {
      let batch: IndexedDocument[] = [];
      for (const document of feed.documents(locale)) {
        batch.push(document);
        if (batch.length === DOCUMENTS_PER_MESSAGE) {
          post({ type: 'documents', locale, documents: batch });
          batch = [];
          await nextTick();
          while (inFlight >= BATCHES_IN_FLIGHT) await Promise.race([indexed(), failed]);
        }
      }
      post({ type: 'documents', locale, documents: batch });
      post({ type: 'endLocale', locale });
    }
    post({ type: 'build' });
    return await built;
  } finally {
    // Its work is done (or failed): the thread and all its build memory go.
    void worker.terminate();
  }
}
