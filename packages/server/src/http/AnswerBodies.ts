import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerEncoding } from './compression';
import { COMPRESS_THRESHOLD_BYTES, compressAnswerNow, negotiateEncoding } from './compression';

/** What was made for one answer: only what a request has needed so far. */
interface Body {
  /** Its JSON, kept once a client took it as it is (or it is too small to compress). */
  json?: string;
  /** Its brotli and gzip bytes, kept once a client took them. */
  encoded: Map<AnswerEncoding, Buffer>;
}

/**
 * What is sent for answers the service shares between requests (it keeps whole answers of
 * recent searches, and the filter definitions): their brotli and gzip bytes (and JSON, for a
 * client that takes it as it is), each made once, on the first request that needs it, and
 * kept as long as the service keeps the answer (a WeakMap: nothing here holds an answer).
 *
 * Browsers always take brotli: for them only the compressed bytes are kept (about a fifth of
 * the JSON), and the JSON they are made from is garbage at once. Kept JSON of every answer
 * the service holds would be old-generation garbage when the service lets the answer go, at
 * the rate new answers come in (bench/README.md, the memory rounds).
 *
 * Compression follows the app's rules (`compression.ts`: over 1 KB, brotli first, else
 * gzip, by `Accept-Encoding`), on the request's own thread (`compressAnswerNow`), so a kept
 * answer is sent without waiting for anything.
 */
export class AnswerBodies<Answer extends object> {
  readonly #bodies = new WeakMap<Answer, Body>();
  readonly #serialize: (answer: Answer) => unknown;

  /** `serialize`: the wire object of an answer, given to JSON.stringify. */
  constructor(serialize: (answer: Answer) => unknown) {
    this.#serialize = serialize;
  }

  /** Sends `answer` as JSON, compressed when the client takes it and it is worth it. */
  send(request: FastifyRequest, reply: FastifyReply, answer: Answer): FastifyReply {
    let body = this.#bodies.get(answer);
    if (body === undefined) {
      body = { encoded: new Map() };
      this.#bodies.set(answer, body);
    }
    reply.type('application/json; charset=utf-8');
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    const kept = encoding === undefined ? undefined : body.encoded.get(encoding);
    // Its bytes depend on Accept-Encoding, compressed or not: caches must know.
    if (kept !== undefined)
      return reply
        .header('Vary', 'Accept-Encoding')
        .header('Content-Encoding', encoding)
        .send(kept);
    const json = body.json ?? JSON.stringify(this.#serialize(answer));
    const small = Buffer.byteLength(json) < COMPRESS_THRESHOLD_BYTES;
    if (!small) reply.header('Vary', 'Accept-Encoding');
    if (small || encoding === undefined) {
      body.json = json;
      return reply.send(json);
    }
    const bytes = compressAnswerNow(json, encoding);
    body.encoded.set(encoding, bytes);
    return reply.header('Content-Encoding', encoding).send(bytes);
  }
}
