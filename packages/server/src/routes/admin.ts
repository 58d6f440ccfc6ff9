/**
 * The admin API, beside the public one under the same base path, for editing partners
 * live: GET, PUT and DELETE …/{companyId}/{scopeGroupId}/partners/{slug}, and POST
 * …/partners/import[?mode=replace]. Bearer tokens only; registered only when
 * ADMIN_TOKEN is set. Every write is logged with its slug and which token made it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE_PATH } from '@partners-network/contract';
import { importModeSchema } from '../importFile/importModeSchema';
import { importRowSchema } from '../importFile/importRowSchema';
import type { ImportRow } from '../importFile/importRowSchema';
import { rowsToDirectory } from '../importFile/rowsToDirectory';
import type { TokenMatch } from '../http/checkBearerToken';
import { checkBearerToken } from '../http/checkBearerToken';
import { describeIssues } from '../http/describeIssues';
import { sendProblem } from '../http/sendProblem';
import type { SearchService } from '../service/SearchService';
import type { DirectoryData } from '../store/DirectoryData';
import type { StatsStore } from '../store/StatsStore';
import { directoryDataSchema, slugSchema } from '../store/DirectoryData';
import { DirectoryImportError } from '../store/DirectoryImportError';
import { SourceUnavailableError } from '../store/PartnerSource';
import { adminInsights } from './adminInsights';
import { adminTuning } from './adminTuning';
import type { ScopeParams } from './scopeParams';
import { toScope, unknownScopeTitle } from './scopeParams';

export interface AdminOptions {
  service: SearchService;
  tokens: readonly string[];
  /** The search counts, for GET …/insights (absent: that call does not exist). */
  stats?: StatsStore;
}

/** A whole import file of a large site: 100k rows of about 500 bytes. */
export const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;
const PARTNER_BODY_LIMIT = 64 * 1024;

/** `?mode=` of an import: upsert keeps the partners the file does not name, replace removes them. */

interface PartnerParams extends ScopeParams {
  slug: string;
}

const tokenOf = new WeakMap<FastifyRequest, TokenMatch>();

function formatPath(path: readonly (string | number)[]): string {
  return path.map((part) => String(part)).join('.');
}

/** Import problems as one 400 title: each names its field and the rule it breaks. */
function describeImportIssues(error: DirectoryImportError, pathPrefix: number): string {
  const sentences = error.issues
    .slice(0, 3)
    .map((issue) => `${formatPath(issue.path.slice(pathPrefix))}: ${issue.message}`);
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : '';
  return `${sentences.join('; ')}${more}; nothing was changed`;
}

async function answerWriteFailure(
  reply: FastifyReply,
  error: unknown,
  pathPrefix: number,
): Promise<FastifyReply> {
  if (error instanceof DirectoryImportError) {
    return sendProblem(reply, 400, describeImportIssues(error, pathPrefix));
  }
  if (error instanceof SourceUnavailableError) {
    return sendProblem(
      reply,
      503,
      'the partner database is not available: nothing was changed; try again later',
    );
  }
  throw error;
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
    tokenOf.set(request, match);
    done();
  });

  function logWrite(request: FastifyRequest, fields: Record<string, unknown>, message: string) {
    const token = tokenOf.get(request);
    request.log.info(
      { ...fields, tokenIndex: token?.index, tokenFingerprint: token?.fingerprint },
      message,
    );
  }

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
      const row = importRowSchema.safeParse(request.body);
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

  app.post<{ Params: ScopeParams; Querystring: { mode?: unknown } }>(
    `${API_BASE_PATH}/:companyId/:scopeGroupId/partners/import`,
    { bodyLimit: IMPORT_BODY_LIMIT },
    async (request, reply) => {
      const scope = toScope(request.params);
      const parsedMode = importModeSchema.safeParse(request.query.mode);
      if (!parsedMode.success) return sendProblem(reply, 400, 'mode must be upsert or replace');
      const mode = parsedMode.data;
      const body: unknown = request.body;
      let data: DirectoryData;
      let pathPrefix = 0;
      if (Array.isArray(body)) {
        const rows: { line: number; row: ImportRow }[] = [];
        for (const [index, value] of body.entries()) {
          const row = importRowSchema.safeParse(value);
          if (!row.success) {
            const issues = row.error.issues.map((issue) => ({
              ...issue,
              path: [index, ...issue.path],
            }));
            return sendProblem(reply, 400, describeIssues(issues, body, 'import file'));
          }
          const { companyId, scopeGroupId } = row.data;
          if (
            (companyId !== undefined && companyId !== scope.companyId) ||
            (scopeGroupId !== undefined && scopeGroupId !== scope.scopeGroupId)
          ) {
            return sendProblem(
              reply,
              400,
              `[${index}]: companyId and scopeGroupId must be those of the address`,
            );
          }
          rows.push({ line: index, row: row.data });
        }
        data = rowsToDirectory(rows, scope).data;
        if (data.sites.length === 0) data = { sites: [{ ...scope, partners: [] }] };
        // Paths are sites.0.partners.N.field: N is the row's index in the file.
        pathPrefix = 3;
      } else {
        const directory = directoryDataSchema.safeParse(body);
        if (!directory.success) {
          return sendProblem(
            reply,
            400,
            describeIssues(directory.error.issues, body, 'import file'),
          );
        }
        if (
          directory.data.sites.some(
            (site) =>
              site.companyId !== scope.companyId || site.scopeGroupId !== scope.scopeGroupId,
          )
        ) {
          return sendProblem(reply, 400, 'every site of the file must be the site of the address');
        }
        data = directory.data;
      }
      let summary;
      try {
        summary = await service.importDirectory(data, { replace: mode === 'replace' });
      } catch (error) {
        return answerWriteFailure(reply, error, pathPrefix);
      }
      logWrite(
        request,
        {
          ...scope,
          mode,
          ...summary,
          slugs: data.sites
            .flatMap((site) => (site.partners ?? []).map((p) => p.slug))
            .slice(0, 50),
        },
        'admin: import written',
      );
      return reply.header('Cache-Control', 'no-store').send(summary);
    },
  );

  // The tuning calls, behind the same token check.
  await app.register(adminTuning, { service });
  // What visitors look for and open, behind the same token check.
  if (options.stats) await app.register(adminInsights, { service, stats: options.stats });
}
