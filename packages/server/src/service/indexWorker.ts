/**
 * A worker thread that builds one site's search index and then answers its searches.
 * Building a 100k-partner index takes seconds of CPU: here it never holds up the main
 * thread, and the index being replaced keeps answering in its own worker meanwhile.
 */
import { parentPort } from 'node:worker_threads';
import type { AnswerDescription, AnswerToDescribe } from '../search/describeAnswer';
import { describeAnswer } from '../search/describeAnswer';
import type { IndexedDocument, IndexQuery, SiteIndex } from '../search/SiteIndex';
import { SiteIndexBuilder } from '../search/SiteIndex';

export type IndexWorkerMessage =
  | { type: 'start'; size: number }
  | { type: 'filters'; pairs: Int32Array }
  | { type: 'items'; pairs: Int32Array }
  | { type: 'documents'; locale: string; documents: IndexedDocument[] }
  | { type: 'endLocale'; locale: string }
  | { type: 'build' }
  | (IndexWorkerQuestion & { id: number });

/** What the index is asked once built, each question with an id its reply carries. */
export type IndexWorkerQuestion =
  { type: 'find'; query: IndexQuery } | { type: 'describe'; answer: AnswerToDescribe };

export type IndexWorkerReply =
  | { type: 'built' }
  | { type: 'found'; id: number; ordinals: Int32Array }
  | { type: 'described'; id: number; description: AnswerDescription }
  | { type: 'failed'; id: number; message: string };

const port = parentPort;
let builder: SiteIndexBuilder | undefined;
let index: SiteIndex | undefined;
const pending = new Map<string, IndexedDocument[]>();

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
      const documents = pending.get(message.locale) ?? [];
      for (const document of message.documents) documents.push(document);
      pending.set(message.locale, documents);
      return;
    }
    case 'endLocale':
      builder?.addLocale(message.locale, pending.get(message.locale) ?? []);
      pending.delete(message.locale);
      return;
    case 'build':
      index = builder?.build();
      builder = undefined;
      port.postMessage({ type: 'built' } satisfies IndexWorkerReply);
      return;
    case 'describe': {
      try {
        if (!index) throw new Error('the index is not built');
        const description = describeAnswer(index, message.answer);
        port.postMessage({
          type: 'described',
          id: message.id,
          description,
        } satisfies IndexWorkerReply);
      } catch (error) {
        port.postMessage({
          type: 'failed',
          id: message.id,
          message: error instanceof Error ? error.message : String(error),
        } satisfies IndexWorkerReply);
      }
      return;
    }
    case 'find': {
      try {
        // A copy: the index may answer with a view on memory it keeps, and this is moved.
        const ordinals = (index?.find(message.query) ?? new Int32Array(0)).slice();
        port.postMessage({ type: 'found', id: message.id, ordinals } satisfies IndexWorkerReply, [
          ordinals.buffer,
        ]);
      } catch (error) {
        port.postMessage({
          type: 'failed',
          id: message.id,
          message: error instanceof Error ? error.message : String(error),
        } satisfies IndexWorkerReply);
      }
    }
  }
});
