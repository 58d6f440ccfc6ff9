import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Below this an answer goes as it is: compressing it saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers above 1 KB (search answers, filter definitions, pages) are compressed by the
 * client's Accept-Encoding, brotli first, with `Vary: Accept-Encoding`. Brotli runs at
 * quality 4: on a 10 KB search answer it is within a few percent of the maximum's size at
 * a fraction of its time. Files with build-time copies (the widget, the demo's assets)
 * are not compressed again: the static plugin sends those with `Content-Encoding` set.
 * Compressed request bodies are not accepted (searches are a few hundred bytes).
 */
export async function useCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
}
