/**
 * A worker thread that builds one site's search index and sends it back. Building a
 * 100k-partner index takes seconds of CPU: here it never holds up the main thread,
 * which keeps answering from the index being replaced. The index's arrays move to the
 * main thread without a copy, and the thread then ends, with all its build memory.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { IndexedDocument } from '../search/SiteIndex';
import { SiteIndexBuilder, buffersOf } from '../search/SiteIndex';
import type { IndexWorkerMessage, IndexWorkerReply } from './indexMessages';
import { addMemberships } from './indexMessages';

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
/** Every locale is indexed as its batches arrive: documents are not kept. */
let adding = new Map<string, { add(document: IndexedDocument): void; end(): void }>();

port?.on('message', (message: IndexWorkerMessage) => {
  switch (message.type) {
    case 'start': {
      const started = new SiteIndexBuilder(message.size);
      builder = started;
      adding = new Map(message.locales.map((locale) => [locale, started.beginLocale(locale)]));
      return;
    }
    case 'page':
      for (const { locale, documents } of message.batches) {
        const adder = adding.get(locale);
        for (const document of documents) adder?.add(document);
      }
      if (builder) addMemberships(builder, message);
      port.postMessage({ type: 'indexed' } satisfies IndexWorkerReply);
      return;
    case 'finish': {
      if (!builder) throw new Error('finish before start');
      for (const adder of adding.values()) adder.end();
      const index = builder.build();
      builder = undefined;
      adding = new Map();
      const parts = index.toParts();
      port.postMessage({ type: 'built', parts } satisfies IndexWorkerReply, buffersOf(parts));
    }
  }
});
