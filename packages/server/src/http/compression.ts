import fastifyCompress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { ProcessMemo } from '../cache/ProcessMemo';

/** Below this an answer goes as it is: compressing it saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** The encodings the server answers in, its first choice first. */
export type AnswerEncoding = 'br' | 'gzip';
const ENCODINGS: AnswerEncoding[] = ['br', 'gzip'];

/**
 * Brotli at quality 4: on a 10 KB search answer it is within a few percent of the
 * maximum's size at a fraction of its time.
 */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** An answer's bytes in an encoding, as the compression plugin sends them (zlib's threads). */
export function compressAnswer(body: string, encoding: AnswerEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(body, BROTLI_OPTIONS) : gzipAsync(body);
}

/**
 * The same bytes as `compressAnswer`, made on the calling thread. For a search answer (a few
 * KB) that is about 90 µs of CPU, less than what handing it to zlib's threads costs: a
 * Transform stream, its output chunks, and a thread that competes for the same 2 cores.
 *
 * Returned in memory of their own length: zlib's sync path hands back a view of its 16 KB
 * output chunk, so a kept 1.7 KB answer held 16 KB. Kept by the thousand, that was tens of
 * MB of external memory, which V8 counts toward starting a full collection (bench/README.md,
 * branch first-ask6).
 */
export function compressAnswerNow(body: string, encoding: AnswerEncoding): Buffer {
  return ownBytes(encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body));
}

/**
 * A fresh answer's first bytes (`compressDraftNow`): brotli at quality 1, gzip at level 1.
 * On the cold mix's answers (7 KB of JSON at 10k partners) brotli 1 takes about 40 µs of
 * CPU where quality 2 takes about 60 and quality 4 about 115, for 1,903 bytes against 1,800
 * and 1,680 (13 % more than quality 4's); gzip 1 about 60 µs against 87 for gzip 6's, 7 %
 * more bytes (bench/README.md, branches compress8 and http20). Qualities 0 and 1 take
 * brotli's fragment compressors, not the hashers and block splitting of quality 2 and up;
 * quality 0 saves nothing more (1,977 bytes for the same time). The 100 bytes more than
 * quality 2 need one more TCP segment for 5 % of those answers, sent in the same round trip;
 * on a 1.6 Mbit/s mobile link they are half a millisecond, once per fresh answer.
 */
const DRAFT_BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
const DRAFT_GZIP_OPTIONS = { level: 1 };

/**
 * A fresh answer's bytes made quickly, on the calling thread: most searches are asked once
 * (what a visitor types), and each is waited for by the requests behind it, so the first
 * client gets these; an answer asked again is compressed anew with `compressAnswerNow`
 * (`AnswerBodies.ts`), once. In memory of their own length, as `compressAnswerNow`'s.
 */
export function compressDraftNow(body: string, encoding: AnswerEncoding): Buffer {
  return ownBytes(
    encoding === 'br'
      ? brotliCompressSync(body, DRAFT_BROTLI_OPTIONS)
      : gzipSync(body, DRAFT_GZIP_OPTIONS),
  );
}

/** `bytes` in an ArrayBuffer of their length, when they are a view of a larger one. */
function ownBytes(bytes: Buffer): Buffer {
  if (bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/** Headers negotiated lately: browsers send a handful of distinct `Accept-Encoding` values. */
const negotiated = new Map<string, AnswerEncoding | undefined>();
const MAX_NEGOTIATED = 64;
const negotiatedMemo = new ProcessMemo(
  'memo-negotiated-encodings',
  MAX_NEGOTIATED,
  () => negotiated.size,
);

/**
 * The encoding an `Accept-Encoding` header asks for among the server's, as the compression
 * plugin negotiates it (the same library; `*` and `x-gzip` count as gzip); none: as it is.
 * Each distinct header is negotiated once (of the last 64), not on every answer.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): AnswerEncoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  if (negotiated.has(acceptEncoding)) {
    negotiatedMemo.hits += 1;
    return negotiated.get(acceptEncoding);
  }
  negotiatedMemo.misses += 1;
  const encoding =
    negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS) ?? undefined;
  if (negotiated.size >= MAX_NEGOTIATED) {
    negotiated.clear();
    negotiatedMemo.clears += 1;
  }
  negotiated.set(acceptEncoding, encoding);
  return encoding;
}

/**
 * Answers above 1 KB (search answers, filter definitions, pages) are compressed by the
 * client's Accept-Encoding, brotli first, with `Vary: Accept-Encoding`. Answers the
 * service shares are compressed once and kept with them (`AnswerBodies.ts`, the two API
 * calls); the plugin compresses the rest as they go. Files with build-time copies (the
 * widget, the demo's assets) are not compressed again: the static plugin sends those with
 * `Content-Encoding` set. Compressed request bodies are not accepted (searches are a few
 * hundred bytes).
 */
export async function useCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: [...ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
    globalDecompression: false,
  });
}
