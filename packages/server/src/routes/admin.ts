/**
 * The admin API, beside the public one under the same base path, for editing partners
 * live: GET, PUT and DELETE …/{companyId}/{scopeGroupId}/partners/{slug}; and, in admin/,
 * the sites, a site's definitions, a page of its partners (the console's table), POST
 * …/partners/import[?mode=replace][&dryRun=true] and GET …/export?format=csv|json. Bearer
 * tokens only; registered only when ADMIN_TOKEN is set. Every write is logged with its
 * slug and which token made it.
 */
import type { FastifyInstance } from 'fastify';
import { API_BASE_PATH } from '@partners-network/contract';
import { importRowSchema } from '../importFile/importRowSchema';
import { rowsToDirectory } from '../importFile/rowsToDirectory';
import { checkBearerToken } from '../http/checkBearerToken';
import { describeIssues } from '../http/describeIssues';
import { sendProblem } from '../http/sendProblem';
import type { SearchService } from '../service/SearchService';
import { slugSchema } from '../store/DirectoryData';
import { answerWriteFailure, logWrite, rememberToken } from './admin/adminRequests';
import { exportRoute } from './admin/exportRoute';
import { importRoute } from './admin/importRoute';
import { PartnerRoster } from '../service/PartnerRoster';
import { siteRoutes } from './admin/siteRoutes';
import type { SearchStats } from '../stats/SearchStats';
import type { StatsStore } from '../store/StatsStore';
import { adminInsights } from './adminInsights';
import { adminTuning } from './adminTuning';
import type { ScopeParams } from './scopeParams';
import { toScope, unknownScopeTitle } from './scopeParams';

export { IMPORT_BODY_LIMIT } from './admin/importRoute';

export interface AdminOptions {
  service: SearchService;
  tokens: readonly string[];
  /** The search counts, for GET and DELETE …/insights (absent: those calls do not exist). */
  stats?: StatsStore;
  /** This server's counting, whose waiting counts an erasure drops too (absent: STATS=off). */
  counting?: SearchStats;
}

const PARTNER_BODY_LIMIT = 64 * 1024;
/** An import row may carry columns of its own; a PUT's field unknown here is a mistake. */
const partnerBodySchema = importRowSchema.strict();

interface PartnerParams extends ScopeParams {
  slug: string;
}

export async function admin(app: FastifyInstance, options: AdminOptions): Promise<void> {
  const { service } = options;
  const partnerPath = `${API_BASE_PATH}/:companyId/:scopeGroupId/partners/:slug`;

  app.addHook('onRequest', (request, reply, done) => {
    const match = checkBearerToken(request.headers.authorization, options.tokens);
    if (!match) {
      reply.header('WWW-Authenticate', 'Bearer');
      sendProblem(reply, 401, 'a valid admin token is required: Authorization: Bearer <token>');
      return;
    }
    rememberToken(request, match);
    done();
  });

  const checkSlug = (slug: string) => slugSchema.safeParse(slug).success;

  app.get<{ Params: PartnerParams }>(partnerPath, async (request, reply) => {
    const scope = toScope(request.params);
    const { slug } = request.params;
    if (!(await service.hasScope(scope))) return sendProblem(reply, 404, unknownScopeTitle(scope));
    const partner = checkSlug(slug) ? await service.getPartner(scope, slug) : undefined;
    if (!partner) return sendProblem(reply, 404, `no partner with slug ${slug} in this site`);
    return reply.header('Cache-Control', 'no-store').send(partner);
  });

  app.put<{ Params: PartnerParams }>(
    partnerPath,
    { bodyLimit: PARTNER_BODY_LIMIT },
    async (request, reply) => {
      const scope = toScope(request.params);
      const { slug } = request.params;
      if (!checkSlug(slug)) {
        return sendProblem(reply, 400, 'slug must be lowercase letters, digits and single hyphens');
      }
      const row = partnerBodySchema.safeParse(request.body);
      if (!row.success) {
        return sendProblem(reply, 400, describeIssues(row.error.issues, request.body, 'partner'));
      }
      if (row.data.slug !== slug) {
        return sendProblem(reply, 400, `slug must be ${slug}, the slug of the address`);
      }
      if (
        (row.data.companyId !== undefined && row.data.companyId !== scope.companyId) ||
        (row.data.scopeGroupId !== undefined && row.data.scopeGroupId !== scope.scopeGroupId)
      ) {
        return sendProblem(reply, 400, 'companyId and scopeGroupId must be those of the address');
      }
      if (!(await service.hasScope(scope))) {
        return sendProblem(reply, 404, unknownScopeTitle(scope));
      }
      const { data } = rowsToDirectory([{ line: 0, row: row.data }], scope);
      const partner = data.sites[0]?.partners?.[0];
      if (!partner) throw new Error('a row became no partner');
      let outcome;
      try {
        outcome = await service.putPartner(scope, partner);
      } catch (error) {
        // Paths are sites.0.partners.0.field: the field is what the client sent.
        return answerWriteFailure(reply, error, 4);
      }
      if (outcome === null) return sendProblem(reply, 404, unknownScopeTitle(scope));
      logWrite(request, { ...scope, slug, action: outcome }, 'admin: partner written');
      return reply
        .code(outcome === 'created' ? 201 : 200)
        .header('Cache-Control', 'no-store')
        .send(await service.getPartner(scope, slug));
    },
  );

  app.delete<{ Params: PartnerParams }>(partnerPath, async (request, reply) => {
    const scope = toScope(request.params);
    const { slug } = request.params;
    if (!(await service.hasScope(scope))) return sendProblem(reply, 404, unknownScopeTitle(scope));
    let deleted;
    try {
      deleted = checkSlug(slug) && (await service.deletePartner(scope, slug));
    } catch (error) {
      return answerWriteFailure(reply, error, 0);
    }
    if (!deleted) return sendProblem(reply, 404, `no partner with slug ${slug} in this site`);
    logWrite(request, { ...scope, slug, action: 'deleted' }, 'admin: partner deleted');
    return reply.code(204).header('Cache-Control', 'no-store').send();
  });

  const roster = new PartnerRoster(service.source);
  await app.register(siteRoutes, { service, roster });
  await app.register(importRoute, { service });
  await app.register(exportRoute, { service });
  // The tuning calls, behind the same token check.
  await app.register(adminTuning, { service });
  // What visitors look for and open, behind the same token check.
  if (options.stats) {
    await app.register(adminInsights, {
      service,
      stats: options.stats,
      ...(options.counting ? { counting: options.counting } : {}),
    });
  }
}
