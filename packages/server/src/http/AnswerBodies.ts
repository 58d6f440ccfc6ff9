import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerEncoding } from './compression';
import {
  COMPRESS_THRESHOLD_BYTES,
  compressAnswerNow,
  compressDraftNow,
  negotiateEncoding,
} from './compression';

/** What was made for one answer: only what a request has needed so far. */
export interface AnswerBody {
  /** Its JSON, kept once a client took it as it is (or it is too small to compress). */
  readonly json: string | undefined;
  keepJson(json: string): void;
  /** Its brotli or gzip bytes, kept once a client took them. */
  encoded(encoding: AnswerEncoding): Buffer | undefined;
  keepEncoded(encoding: AnswerEncoding, bytes: Buffer): void;
}

/** A body kept beside an answer (in a WeakMap: nothing here holds an answer). */
class BodyBeside implements AnswerBody {
  json: string | undefined;
  readonly #encoded = new Map<AnswerEncoding, Buffer>();

  keepJson(json: string): void {
    this.json = json;
  }

  encoded(encoding: AnswerEncoding): Buffer | undefined {
    return this.#encoded.get(encoding);
  }

  keepEncoded(encoding: AnswerEncoding, bytes: Buffer): void {
    this.#encoded.set(encoding, bytes);
  }
}

export interface AnswerBodiesOptions<Answer> {
  /** The answer's JSON text, when no kept form of it serves. */
  text(answer: Answer): string;
  /**
   * Where an answer's forms are kept: the answer itself when it is made to hold them (a
   * kept search answer, store/KeptAnswer), else a body in a WeakMap beside it.
   */
  bodyOf?(answer: Answer): AnswerBody;
}

/**
 * What is sent for answers the service shares between requests (it keeps recent searches'
 * answers, and the filter definitions): their brotli and gzip bytes (and JSON, for a client
 * that takes it as it is), each made once, on the first request that needs it, and kept as
 * long as the service keeps the answer.
 *
 * Browsers always take brotli: for them only the compressed bytes are kept (about a fifth of
 * the JSON), and the JSON they are made from is garbage at once. Kept JSON of every answer
 * the service holds would be old-generation garbage when the service lets the answer go, at
 * the rate new answers come in (bench/README.md, the memory rounds).
 *
 * Compression follows the app's rules (`compression.ts`: over 1 KB, brotli first, else
 * gzip, by `Accept-Encoding`), on the request's own thread, so a kept answer is sent without
 * waiting for anything. An answer's first client gets quick bytes (`compressDraftNow`: about
 * a third of the CPU, 13 % more bytes), since most searches are asked once and every fresh answer
 * holds up the requests behind it; the second gets the app's settings (`compressAnswerNow`),
 * made once from the kept answer and kept instead, so an answer many visitors ask for goes
 * in its smaller bytes (bench/README.md, branch compress8).
 */
export class AnswerBodies<Answer extends object> {
  readonly #beside = new WeakMap<Answer, AnswerBody>();
  readonly #text: (answer: Answer) => string;
  readonly #bodyOf: (answer: Answer) => AnswerBody;
  /** Bytes made for an answer's first client (`compressDraftNow`), not yet made again. */
  readonly #drafts = new WeakSet<Buffer>();

  constructor(options: AnswerBodiesOptions<Answer>) {
    this.#text = options.text;
    this.#bodyOf = options.bodyOf ?? ((answer) => this.#bodyBeside(answer));
  }

  /** Sends `answer` as JSON, compressed when the client takes it and it is worth it. */
  send(request: FastifyRequest, reply: FastifyReply, answer: Answer): FastifyReply {
    const body = this.#bodyOf(answer);
    reply.type('application/json; charset=utf-8');
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    const kept = encoding === undefined ? undefined : body.encoded(encoding);
    // Its bytes depend on Accept-Encoding, compressed or not: caches must know.
    if (encoding !== undefined && kept !== undefined)
      return reply
        .header('Vary', 'Accept-Encoding')
        .header('Content-Encoding', encoding)
        .send(this.#drafts.has(kept) ? this.#compressAgain(answer, body, encoding) : kept);
    const json = body.json ?? this.#text(answer);
    // A text of 1,024 characters or more is at least as many bytes: a search answer (about
    // 10 KB) is not scanned again for its UTF-8 length, only a short one is.
    const small =
      json.length < COMPRESS_THRESHOLD_BYTES && Buffer.byteLength(json) < COMPRESS_THRESHOLD_BYTES;
    if (!small) reply.header('Vary', 'Accept-Encoding');
    if (small || encoding === undefined) {
      body.keepJson(json);
      return reply.send(json);
    }
    const bytes = compressDraftNow(json, encoding);
    this.#drafts.add(bytes);
    body.keepEncoded(encoding, bytes);
    return reply.header('Content-Encoding', encoding).send(bytes);
  }

  /** An answer asked again: its bytes at the app's settings, kept instead of the draft. */
  #compressAgain(answer: Answer, body: AnswerBody, encoding: AnswerEncoding): Buffer {
    const bytes = compressAnswerNow(this.#text(answer), encoding);
    body.keepEncoded(encoding, bytes);
    return bytes;
  }

  #bodyBeside(answer: Answer): AnswerBody {
    let body = this.#beside.get(answer);
    if (body === undefined) {
      body = new BodyBeside();
      this.#beside.set(answer, body);
    }
    return body;
  }
}
