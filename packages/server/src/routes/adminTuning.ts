/**
 * The admin API's tuning calls (inside the admin plugin: bearer tokens, like its other
 * calls): GET and PUT …/{companyId}/{scopeGroupId}/tuning read and replace a site's
 * synonyms and query rules whole; POST …/tuning/preview answers a search as it would be
 * answered with a tuning not saved yet, saying which cards its rule pinned (the console shows
 * both side by side).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_BASE_PATH, siteTuningSchema, tuningPreviewSchema } from '@partners-network/contract';
import { describeIssues } from '../http/describeIssues';
import { sendProblem } from '../http/sendProblem';
import type { SearchService } from '../service/SearchService';
import { DirectoryImportError } from '../store/DirectoryImportError';
import { SourceUnavailableError } from '../store/PartnerSource';
import { readLocale } from './readLocale';
import type { ScopeParams } from './scopeParams';
import { toScope, unknownScopeTitle } from './scopeParams';
import { searchResponseOf } from '../store/searchResponseOf';

/** A field the tuning does not know is a mistake to name, not to drop (and lose). */
const tuningBodySchema = z.strictObject(siteTuningSchema.shape);
const previewBodySchema = z.strictObject(tuningPreviewSchema.shape);

/** 500 synonym sets and 500 rules of long phrases fit with room to spare. */
const TUNING_BODY_LIMIT = 1024 * 1024;

/** A tuning refused by the store, or a database away: the answer that says so. */
function refusal(error: unknown): { status: 400 | 503; title: string } {
  if (error instanceof DirectoryImportError) {
    const issues = error.issues.slice(0, 3).map((issue) => {
      return `${issue.path.join('.')}: ${issue.message}`;
    });
    return { status: 400, title: `${issues.join('; ')}; nothing was changed` };
  }
  if (error instanceof SourceUnavailableError) {
    return { status: 503, title: 'the partner database is not available: nothing was changed' };
  }
  throw error;
}

export async function adminTuning(
  app: FastifyInstance,
  options: { service: SearchService },
): Promise<void> {
  const { service } = options;
  const tuningPath = `${API_BASE_PATH}/:companyId/:scopeGroupId/tuning`;

  app.get<{ Params: ScopeParams }>(tuningPath, async (request, reply) => {
    const scope = toScope(request.params);
    const tuning = await service.getTuning(scope);
    if (!tuning) return sendProblem(reply, 404, unknownScopeTitle(scope));
    return reply.header('Cache-Control', 'no-store').send(tuning);
  });

  app.put<{ Params: ScopeParams }>(
    tuningPath,
    { bodyLimit: TUNING_BODY_LIMIT },
    async (request, reply) => {
      const scope = toScope(request.params);
      const parsed = tuningBodySchema.safeParse(request.body);
      if (!parsed.success) {
        return sendProblem(reply, 400, describeIssues(parsed.error.issues, request.body, 'tuning'));
      }
      let saved;
      try {
        saved = await service.putTuning(scope, parsed.data);
      } catch (error) {
        const { status, title } = refusal(error);
        return sendProblem(reply, status, title);
      }
      if (!saved) return sendProblem(reply, 404, unknownScopeTitle(scope));
      request.log.info(
        {
          ...scope,
          synonymSets: saved.synonymSets.length,
          queryRules: saved.queryRules.length,
        },
        'admin: tuning written',
      );
      return reply.header('Cache-Control', 'no-store').send(saved);
    },
  );

  app.post<{ Params: ScopeParams }>(
    `${tuningPath}/preview`,
    { bodyLimit: TUNING_BODY_LIMIT },
    async (request, reply) => {
      const scope = toScope(request.params);
      const locale = readLocale(request.query);
      if (!locale.ok) return sendProblem(reply, 400, locale.title);
      const parsed = previewBodySchema.safeParse(request.body);
      if (!parsed.success) {
        return sendProblem(
          reply,
          400,
          describeIssues(parsed.error.issues, request.body, 'preview'),
        );
      }
      let preview;
      try {
        const { tuning, criteria } = parsed.data;
        preview = await service.previewSearch(scope, tuning, criteria, locale.locale);
      } catch (error) {
        const { status, title } = refusal(error);
        return sendProblem(reply, status, title);
      }
      if (!preview) return sendProblem(reply, 404, unknownScopeTitle(scope));
      const { answer, pinnedPositions } = preview;
      return reply
        .header('Cache-Control', 'no-store')
        .send({ ...searchResponseOf(answer), pinnedPositions });
    },
  );
}
