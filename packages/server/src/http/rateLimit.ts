import fastifyRateLimit from '@fastify/rate-limit';
import { isWarmUpRequest } from './warmUpOverLoopback';
import type { FastifyInstance } from 'fastify';

/** A limit per client on the public API; `perMinute: 0` (the default) turns it off. */
export interface RateLimitSettings {
  perMinute: number;
}

/** Clients remembered at once (least recently seen forgotten first): the limit's memory bound. */
export const RATE_LIMIT_CLIENTS = 10_000;

/** The error the limit throws; `handleError` answers it as a 429 problem. */
export class RateLimitedError extends Error {
  readonly statusCode = 429;
}

/**
 * Counts each client's requests per minute (its address: `request.ip`, which is the
 * `X-Forwarded-For` client only when the app trusts the proxy) and, past the limit,
 * answers 429 with `Retry-After` (seconds) and the `X-RateLimit-*` headers.
 */
export async function limitPerClient(
  app: FastifyInstance,
  settings: RateLimitSettings,
): Promise<void> {
  await limitPerClientOver(app, settings.perMinute, 60_000, 'a minute');
}

/**
 * The same limit over any window (the contact call counts per hour), on every route of
 * the plugin it is registered in. `per` names the window in the 429's title.
 */
export async function limitPerClientOver(
  app: FastifyInstance,
  max: number,
  windowMs: number,
  per: string,
): Promise<void> {
  await app.register(fastifyRateLimit, {
    max,
    timeWindow: windowMs,
    cache: RATE_LIMIT_CLIENTS,
    // The server's own start-up requests come from no client.
    allowList: (request) => isWarmUpRequest(request),
    errorResponseBuilder: (_request, context) =>
      new RateLimitedError(
        `too many requests: at most ${context.max} ${per}; try again in ${context.after}`,
      ),
  });
}
