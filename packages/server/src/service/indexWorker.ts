/**
 * A worker thread that builds one site's search index and sends it back. Building a
 * 100k-partner index takes seconds of CPU: here it never holds up the main thread,
 * which keeps answering from the index being replaced. The index's arrays move to the
 * main thread without a copy, and the thread then ends, with all its build memory.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { IndexedDocument, SiteIndexParts } from '../search/SiteIndex';
import { SiteIndexBuilder, buffersOf } from '../search/SiteIndex';

export type IndexWorkerMessage =
  | { type: 'start'; size: number }
  | { type: 'filters'; pairs: Int32Array }
  | { type: 'items'; pairs: Int32Array }
  | { type: 'documents'; locale: string; documents: IndexedDocument[] }
  | { type: 'endLocale'; locale: string }
  | { type: 'build' };

export type IndexWorkerReply =
  /** A batch of documents is indexed: the sender may send the next one. */
  { type: 'indexed' } | { type: 'built'; parts: SiteIndexParts };

/**
 * A build gives way to searches: with the cores busy, the main thread (answering) gets
 * the CPU first. On Linux a thread has its own nice value, so this lowers only this
 * thread; elsewhere it would lower the whole process, so it is left as it is.
 */
if (process.platform === 'linux') {
  try {
    setPriority(19);
  } catch {
    // Not allowed here (a sandbox): builds run at the process's priority.
  }
}

const port = parentPort;
let builder: SiteIndexBuilder | undefined;
/** The locale being indexed: documents are indexed as their batch arrives, not kept. */
let adding: { locale: string; add(document: IndexedDocument): void; end(): void } | undefined;

port?.on('message', (message: IndexWorkerMessage) => {
  switch (message.type) {
    case 'start':
      builder = new SiteIndexBuilder(message.size);
      return;
    case 'filters':
      for (let at = 0; at + 1 < message.pairs.length; at += 2) {
        builder?.addToGlobalFilter(message.pairs[at] ?? 0, message.pairs[at + 1] ?? 0);
      }
      return;
    case 'items':
      for (let at = 0; at + 1 < message.pairs.length; at += 2) {
        builder?.addToItem(message.pairs[at] ?? 0, message.pairs[at + 1] ?? 0);
      }
      return;
    case 'documents': {
      if (adding?.locale !== message.locale) {
        adding?.end();
        const begun = builder?.beginLocale(message.locale);
        adding = begun && { locale: message.locale, ...begun };
      }
      for (const document of message.documents) adding?.add(document);
      port.postMessage({ type: 'indexed' } satisfies IndexWorkerReply);
      return;
    }
    case 'endLocale':
      if (adding?.locale === message.locale) adding.end();
      adding = undefined;
      return;
    case 'build': {
      const index = builder?.build();
      builder = undefined;
      if (!index) throw new Error('build before start');
      const parts = index.toParts();
      port.postMessage({ type: 'built', parts } satisfies IndexWorkerReply, buffersOf(parts));
    }
  }
});
