import { randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Ids a proxy or a caller sends: UUIDs, trace ids, ULIDs. Anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');
/** Where each of a UUID's 16 bytes goes in its text (two hex digits each, dashes between). */
const DIGITS_AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
/** Random bytes for the next 256 ids, drawn from the OS in one call, as `randomUUID` keeps 128. */
const randomBytes = Buffer.allocUnsafeSlow(16 * 256);
let randomUsed = randomBytes.length;
/** The id being written: its dashes stay, its digits are written over. */
const idText = Buffer.from('00000000-0000-4000-8000-000000000000', 'latin1');

/**
 * A random (version 4) UUID, as `crypto.randomUUID()` makes one: the same format, bits and
 * source of randomness. Written into bytes and read as one string, where Node's builds it of
 * 20 strings added one to the next: about 500 B of garbage on every request the caller sends
 * without an id (each new id), a tenth of what the HTTP layer allocates for a search of its
 * own (bench/README.md, branch http21).
 */
export function newRequestId(): string {
  if (randomUsed === randomBytes.length) {
    randomFillSync(randomBytes);
    randomUsed = 0;
  }
  for (let index = 0; index < 16; index += 1) {
    let byte = randomBytes[randomUsed + index] ?? 0;
    // RFC 9562: the version (4) in the high nibble of byte 6, the variant (10) in byte 8.
    if (index === 6) byte = (byte & 0x0f) | 0x40;
    else if (index === 8) byte = (byte & 0x3f) | 0x80;
    const at = DIGITS_AT[index] ?? 0;
    idText[at] = HEX_DIGITS[byte >> 4] ?? 0;
    idText[at + 1] = HEX_DIGITS[byte & 0x0f] ?? 0;
  }
  randomUsed += 16;
  return idText.toString('latin1');
}

/**
 * Fastify's `genReqId`: the caller's `X-Request-Id` when it is sane (so one id follows a
 * request through a proxy into these logs), otherwise a new UUID. A header with control
 * characters or kilobytes of text never reaches a log line. Every answer carries the id in
 * `X-Request-Id` (set with the security headers, before any route runs, so errors and 404s
 * carry it too); pino writes it as `reqId` on each log line of the request.
 */
export function genReqId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : newRequestId();
}
