import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Ids a proxy or a caller sends: UUIDs, trace ids, ULIDs. Anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the caller's `X-Request-Id` when it is sane (so one id follows a
 * request through a proxy into these logs), otherwise a new UUID. A header with control
 * characters or kilobytes of text never reaches a log line. Every answer carries the id in
 * `X-Request-Id` (set with the security headers, before any route runs, so errors and 404s
 * carry it too); pino writes it as `reqId` on each log line of the request.
 */
export function genReqId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}
