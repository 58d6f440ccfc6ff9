/**
 * A site's search index as the service uses it: on the main thread for small sites
 * (built in milliseconds), or in a worker thread for large ones, so that building a
 * successor never holds up a search. Either way `find` answers partner ordinals.
 */
import { Worker } from 'node:worker_threads';
import type { AnswerDescription, AnswerToDescribe } from '../search/describeAnswer';
import { describeAnswer } from '../search/describeAnswer';
import type { IndexedDocument, IndexQuery, SiteIndex } from '../search/SiteIndex';
import { SiteIndexBuilder } from '../search/SiteIndex';
import type { IndexWorkerMessage, IndexWorkerQuestion, IndexWorkerReply } from './indexWorker';

export interface IndexHandle {
  /** True when a worker thread holds the index (and built it). */
  readonly inWorker: boolean;
  find(query: IndexQuery): Int32Array | Promise<Int32Array>;
  /** Counts, highlights and zero-result steps of an answer (search/describeAnswer.ts). */
  describe(answer: AnswerToDescribe): AnswerDescription | Promise<AnswerDescription>;
  /**
   * Keeps the index alive for one search's several questions (find, then describe):
   * a search that started on it finishes on it even when a successor is swapped in.
   * Call the returned function once the search is done.
   */
  hold(): () => void;
  /** Frees the index once every hold is released and every question answered. */
  close(): void;
}

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

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

function builderOf(feed: IndexFeed): SiteIndexBuilder {
  const builder = new SiteIndexBuilder(feed.size);
  for (let at = 0; at + 1 < feed.filters.length; at += 2) {
    builder.addToGlobalFilter(feed.filters[at] ?? 0, feed.filters[at + 1] ?? 0);
  }
  for (let at = 0; at + 1 < feed.items.length; at += 2) {
    builder.addToItem(feed.items[at] ?? 0, feed.items[at + 1] ?? 0);
  }
  return builder;
}

class InlineIndex implements IndexHandle {
  readonly inWorker = false;
  readonly #index: SiteIndex;

  constructor(index: SiteIndex) {
    this.#index = index;
  }

  find(query: IndexQuery): Int32Array {
    return this.#index.find(query);
  }

  describe(answer: AnswerToDescribe): AnswerDescription {
    return describeAnswer(this.#index, answer);
  }

  hold(): () => void {
    return () => undefined;
  }

  close(): void {
    // Garbage collected with its last user.
  }
}

/** Builds on the main thread, giving the event loop back between locales. */
export async function buildInline(feed: IndexFeed): Promise<IndexHandle> {
  const builder = builderOf(feed);
  for (const locale of feed.locales) {
    await nextTick();
    builder.addLocale(locale, feed.documents(locale));
  }
  return new InlineIndex(builder.build());
}

function workerUrl(): URL {
  // Run from TypeScript sources (tsx, Vitest) or from compiled JavaScript.
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`./indexWorker${extension}`, import.meta.url);
}

class WorkerIndex implements IndexHandle {
  readonly inWorker = true;
  readonly #worker: Worker;
  /** Questions asked of the worker by id: each gets its reply, or the worker's failure. */
  readonly #pending = new Map<
    number,
    { answer: (reply: IndexWorkerReply) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;
  #holds = 0;
  #closing = false;
  #failure: Error | undefined;

  constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: IndexWorkerReply) => {
      if (reply.type === 'built') return;
      const waiting = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (reply.type === 'failed')
        waiting?.reject(new Error(`search index worker: ${reply.message}`));
      else waiting?.answer(reply);
      this.#endIfDone();
    });
    const fail = (error: Error) => {
      this.#failure = error;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('search index worker exited')));
  }

  #ask(message: IndexWorkerQuestion): Promise<IndexWorkerReply> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId;
    this.#nextId += 1;
    return new Promise((answer, reject) => {
      this.#pending.set(id, { answer, reject });
      this.#worker.postMessage({ ...message, id } satisfies IndexWorkerMessage);
    });
  }

  async find(query: IndexQuery): Promise<Int32Array> {
    const reply = await this.#ask({ type: 'find', query });
    if (reply.type !== 'found') throw new Error(`search index worker: ${reply.type} for a find`);
    return reply.ordinals;
  }

  async describe(answer: AnswerToDescribe): Promise<AnswerDescription> {
    const reply = await this.#ask({ type: 'describe', answer });
    if (reply.type !== 'described') {
      throw new Error(`search index worker: ${reply.type} for a describe`);
    }
    return reply.description;
  }

  hold(): () => void {
    this.#holds += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#holds -= 1;
      this.#endIfDone();
    };
  }

  close(): void {
    this.#closing = true;
    this.#endIfDone();
  }

  /**
   * Ends the thread once it is closed and nobody needs it. Answering the last question
   * is not enough: the search that asked it may be about to ask the next one.
   */
  #endIfDone(): void {
    if (this.#closing && this.#holds === 0 && this.#pending.size === 0) {
      void this.#worker.terminate();
    }
  }
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
  // A server's workers never keep it running: it closes them when it closes.
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
 * loading (hundreds of ms); each index still gets a thread of its own.
 */
let spare: Worker | undefined;

function takeWorker(): Worker {
  const worker = spare ?? spawnWorker();
  spare = spawnWorker();
  return worker;
}

/** Builds in a worker thread, which then answers the searches of this index. */
export async function buildInWorker(feed: IndexFeed): Promise<IndexHandle> {
  const worker = takeWorker();
  const built = new Promise<void>((resolve, reject) => {
    const onMessage = (reply: IndexWorkerReply) => {
      if (reply.type !== 'built') return;
      worker.off('message', onMessage);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`search index worker exited (${code})`)));
  });
  const post = (message: IndexWorkerMessage, transfer: ArrayBuffer[] = []) =>
    worker.postMessage(message, transfer);
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
        }
      }
      post({ type: 'documents', locale, documents: batch });
      post({ type: 'endLocale', locale });
    }
    post({ type: 'build' });
    await built;
  } catch (error) {
    void worker.terminate();
    throw error;
  }
  return new WorkerIndex(worker);
}
