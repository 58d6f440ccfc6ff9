/**
 * POST …/{companyId}/{scopeGroupId}/clicks: the page's beacon when a visitor opens a
 * card, `{ answerId, position }`, answered 204. No cookie, no identifier: the answer's id
 * names the answer (every visitor asking that page gets the same one), not the visitor.
 *
 * The page sends it with `navigator.sendBeacon`, which cannot set headers, so the
 * anti-forgery header is not asked for: a forged beacon can only add one count, as a
 * forged search can, and it is held to the per-client limit like every API call. The
 * body may come as text/plain (what sendBeacon sends a string as, so a page on another
 * origin sends it without a CORS preflight) or application/json.
 */
import type { FastifyInstance } from 'fastify';
import { API_BASE_PATH, clickBeaconSchema } from '@partners-network/contract';
import { describeIssues } from '../http/describeIssues';
import { sendProblem } from '../http/sendProblem';
import { decodeAnswerId, partnerAt } from '../stats/answerId';
import type { SearchStats } from '../stats/SearchStats';
import type { PartnerStore } from '../store/PartnerStore';
import type { ScopeParams } from './scopeParams';
import { toScope, unknownScopeTitle } from './scopeParams';

/** An answer id of a page of 100 partners, and room for the rest. */
export const CLICK_BODY_LIMIT = 16 * 1024;

/** The body as JSON: sendBeacon's text/plain string, or what Fastify parsed already. */
function readBody(body: unknown): { ok: true; value: unknown } | { ok: false } {
  if (typeof body !== 'string') return { ok: true, value: body };
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    return { ok: false };
  }
}

export async function clicks(
  app: FastifyInstance,
  options: { store: PartnerStore; counting?: SearchStats },
): Promise<void> {
  app.post<{ Params: ScopeParams }>(
    `${API_BASE_PATH}/:companyId/:scopeGroupId/clicks`,
    { bodyLimit: CLICK_BODY_LIMIT },
    async (request, reply) => {
      const body = readBody(request.body);
      if (!body.ok) return sendProblem(reply, 400, 'request body is not valid JSON');
      const beacon = clickBeaconSchema.safeParse(body.value);
      if (!beacon.success) {
        return sendProblem(reply, 400, describeIssues(beacon.error.issues, body.value, 'beacon'));
      }
      const page = decodeAnswerId(beacon.data.answerId);
      if (!page) return sendProblem(reply, 400, 'answerId is not the id of an answer of this API');
      const { position } = beacon.data;
      if (partnerAt(page, position) === undefined) {
        return sendProblem(reply, 400, `position ${position} is not on the answer's page`);
      }
      const scope = toScope(request.params);
      if (!(await options.store.hasScope(scope))) {
        return sendProblem(reply, 404, unknownScopeTitle(scope));
      }
      options.counting?.countClick(scope, page, position);
      return reply.code(204).send();
    },
  );
}
