/**
 * The company and site ids of an address, checked before any route runs: an id no site can
 * have (empty, over 64 characters, spaces at either end, NUL) is a 400 that names the
 * parameter, on every route that has them. An id that could be a site's but is not stays a
 * 404 from the route: ids are the portal's strings (Liferay's are numbers, an import may
 * use any text), so "not numeric" is no reason to refuse one.
 */
import type { FastifyInstance, preValidationHookHandler, RouteOptions } from 'fastify';
import { ProcessMemo } from '../cache/ProcessMemo';
import { siteDataSchema } from '../store/DirectoryData';
import { sendProblem } from './sendProblem';

const SCOPE_PARAMS = ['companyId', 'scopeGroupId'] as const;

/**
 * Ids the schema accepted lately: a server's requests name a handful of sites, so each id is
 * checked by the schema once, not twice on every request (zod's check of the two ids was
 * about 800 B and a few µs of each search: bench/README.md, branch http21). Only accepted
 * ids are kept (a refusal is made anew, with its message), at most 256.
 */
const acceptedIds = new Set<string>();
const MAX_ACCEPTED_IDS = 256;
const acceptedIdsMemo = new ProcessMemo(
  'memo-accepted-scope-ids',
  MAX_ACCEPTED_IDS,
  () => acceptedIds.size,
);

/** Why `value` can be no site's id, or undefined when it could be one. */
export function scopeIdProblem(name: string, value: string): string | undefined {
  if (acceptedIds.has(value)) {
    acceptedIdsMemo.hits += 1;
    return undefined;
  }
  acceptedIdsMemo.misses += 1;
  const parsed = siteDataSchema.shape.companyId.safeParse(value);
  // The store keeps ids trimmed, so an id with spaces at either end names no site either.
  if (parsed.success && parsed.data === value) {
    if (acceptedIds.size >= MAX_ACCEPTED_IDS) {
      acceptedIds.clear();
      acceptedIdsMemo.clears += 1;
    }
    acceptedIds.add(value);
    return undefined;
  }
  return `${name} in the address must be 1 to 64 characters without spaces at either end or NUL`;
}

const checkIds: preValidationHookHandler = (request, reply, done) => {
  const params = request.params;
  if (typeof params === 'object' && params !== null) {
    for (const name of SCOPE_PARAMS) {
      const value: unknown = Reflect.get(params, name);
      const problem = typeof value === 'string' ? scopeIdProblem(name, value) : undefined;
      if (problem) {
        void sendProblem(reply, 400, problem);
        return;
      }
    }
  }
  done();
};

function withCheck(route: RouteOptions): void {
  if (!SCOPE_PARAMS.some((name) => route.url.includes(`:${name}`))) return;
  const own = route.preValidation;
  route.preValidation = own === undefined ? [checkIds] : [checkIds, ...[own].flat()];
}

/** Adds the check to every route registered after this call whose address has the ids. */
export function checkScopeIds(app: FastifyInstance): void {
  app.addHook('onRoute', withCheck);
}
