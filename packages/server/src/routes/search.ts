import type { FastifyInstance } from 'fastify';
import type { Scope, SearchCriteria } from '@partners-network/contract';
import { API_BASE_PATH, locatedSearchCriteriaSchema } from '@partners-network/contract';
import type { AppMetrics } from '../metrics/AppMetrics';
import { AnswerBodies } from '../http/AnswerBodies';
import { RecentJsonBodies } from '../http/RecentJsonBodies';
import { describeIssues } from '../http/describeIssues';
import { refuseForgedJson } from '../http/refuseForgedJson';
import { sendProblem } from '../http/sendProblem';
import { isWarmUpRequest } from '../http/warmUpOverLoopback';
import { KeptAnswer } from '../store/KeptAnswer';
import type { KeptSearch, PartnerStore } from '../store/PartnerStore';
import type { SearchStats } from '../stats/SearchStats';
import { readLocale } from './readLocale';
import type { ScopeParams } from './scopeParams';
import { toScope, unknownScopeTitle } from './scopeParams';

/** Search criteria are a few hundred bytes; 16 KiB leaves room for 500 filter ids. */
export const SEARCH_BODY_LIMIT = 16 * 1024;

/**
 * Bodies of answers: the store keeps answers between visitors (the first searches, recent
 * searches, kept per built site) as their JSON, each one's compressed bytes made once and
 * kept in it (store/KeptAnswer).
 */
const bodies = new AnswerBodies<KeptSearch>({
  text: (kept) => kept.text(),
  bodyOf: (kept) => kept,
});

/** The store's kept answer, or its answer's objects made into one (a store without it). */
async function searchKept(
  store: PartnerStore,
  scope: Scope,
  criteria: SearchCriteria,
  locale: string,
): Promise<KeptSearch | null> {
  if (store.searchKept) return store.searchKept(scope, criteria, locale);
  const answer = await store.search(scope, criteria, locale);
  return answer && KeptAnswer.of(answer);
}

/** POST .../:companyId/:scopeGroupId/search?locale=xx-XX */
export async function search(
  app: FastifyInstance,
  options: { store: PartnerStore; metrics?: AppMetrics; counting?: SearchStats },
): Promise<void> {
  const { counting } = options;
  // Criteria parsed once per distinct body (the first search is the same for every visitor).
  const criteriaBodies = new RecentJsonBodies((body) =>
    locatedSearchCriteriaSchema.safeParse(body),
  );
  criteriaBodies.register(app);
  app.post<{ Params: ScopeParams }>(
    `${API_BASE_PATH}/:companyId/:scopeGroupId/search`,
    {
      bodyLimit: SEARCH_BODY_LIMIT,
      // Compressed here, once per answer (AnswerBodies), not by the plugin on every request.
      compress: false,
      // Checked before the body is read: a forged or mistyped request costs nothing.
      // A callback hook, not an async one: no promise on the path of every search.
      onRequest: refuseForgedJson,
    },
    async (request, reply) => {
      const locale = readLocale(request.query);
      if (!locale.ok) return sendProblem(reply, 400, locale.title);
      const criteria = criteriaBodies.check(request.body);
      if (!criteria.success) {
        return sendProblem(reply, 400, describeIssues(criteria.error.issues, request.body));
      }
      const scope = toScope(request.params);
      // The server's own start-up searches leave no figure and no count behind.
      const warmUp = isWarmUpRequest(request);
      const metrics = warmUp ? undefined : options.metrics;
      const started = performance.now();
      let result: KeptSearch | null;
      try {
        result = await searchKept(options.store, scope, criteria.data, locale.locale);
      } catch (error) {
        metrics?.observeSearch('failed', started);
        throw error;
      }
      metrics?.observeSearch(result ? 'found' : 'unknown-site', started);
      if (!result) return sendProblem(reply, 404, unknownScopeTitle(scope));
      // A first page only: a Load More is the same search, and the page debounces keystrokes.
      if (counting && !warmUp && result.counted && criteria.data.offset === 0) {
        counting.countSearch(scope, result.counted, result.totalFound === 0);
      }
      return bodies.send(request, reply, result);
    },
  );
}
