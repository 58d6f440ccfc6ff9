/**
 * The admin API's insights (inside the admin plugin: bearer tokens, like its other
 * calls): GET …/{companyId}/{scopeGroupId}/insights?from=YYYY-MM-DD&to=YYYY-MM-DD[&locale=]
 * answers what visitors looked for and opened in that period (UTC days, both included),
 * from the counts every server flushes to the database (service/readInsights.ts).
 * DELETE …/{companyId}/{scopeGroupId}/insights erases every count of the site: an operator
 * needs no database access to honour a request to erase them.
 */
import type { FastifyInstance } from 'fastify';
import { API_BASE_PATH, insightsQuerySchema } from '@partners-network/contract';
import { describeIssues } from '../http/describeIssues';
import { sendProblem } from '../http/sendProblem';
import { readInsights } from '../service/readInsights';
import { logWrite } from './admin/adminRequests';
import type { SearchService } from '../service/SearchService';
import { SourceUnavailableError } from '../store/PartnerSource';
import type { SearchStats } from '../stats/SearchStats';
import type { StatsStore } from '../store/StatsStore';
import type { ScopeParams } from './scopeParams';
import { toScope, unknownScopeTitle } from './scopeParams';

export async function adminInsights(
  app: FastifyInstance,
  options: { service: SearchService; stats: StatsStore; counting?: SearchStats },
): Promise<void> {
  app.get<{ Params: ScopeParams }>(
    `${API_BASE_PATH}/:companyId/:scopeGroupId/insights`,
    async (request, reply) => {
      const query = insightsQuerySchema.safeParse(request.query);
      if (!query.success) {
        return sendProblem(reply, 400, describeIssues(query.error.issues, request.query, 'query'));
      }
      const scope = toScope(request.params);
      let insights;
      try {
        insights = await readInsights(options.service, options.stats, scope, query.data);
      } catch (error) {
        if (!(error instanceof SourceUnavailableError)) throw error;
        return sendProblem(reply, 503, 'the database is not available; try again later');
      }
      if (!insights) return sendProblem(reply, 404, unknownScopeTitle(scope));
      return reply.header('Cache-Control', 'no-store').send(insights);
    },
  );

  app.delete<{ Params: ScopeParams }>(
    `${API_BASE_PATH}/:companyId/:scopeGroupId/insights`,
    async (request, reply) => {
      const scope = toScope(request.params);
      try {
        if (!(await options.service.hasScope(scope))) {
          return sendProblem(reply, 404, unknownScopeTitle(scope));
        }
        // This server's waiting counts first: a flush after the delete would bring them back.
        await options.counting?.forget(scope);
        await options.stats.erase(scope);
      } catch (error) {
        if (!(error instanceof SourceUnavailableError)) throw error;
        return sendProblem(reply, 503, 'the database is not available; try again later');
      }
      logWrite(request, { ...scope }, 'admin: search counts erased');
      return reply.code(204).header('Cache-Control', 'no-store').send();
    },
  );
}
