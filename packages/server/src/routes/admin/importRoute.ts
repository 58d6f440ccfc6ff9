/**
 * POST …/{companyId}/{scopeGroupId}/partners/import[?mode=replace][&dryRun=true]: an import
 * file as it is, JSON (`application/json`: an array of rows or a directory document of this
 * site) or CSV (`text/csv`). The body is read as text and goes through the CLI's own reader
 * and checks, so a problem names the row and the line of the file the operator has open.
 * Applied: all or nothing, the summary of what changed (400 naming the first problems).
 * Dry run: the report of what would change and every problem, nothing written.
 */
import type { FastifyInstance } from 'fastify';
import { dryRunSchema, importModeSchema } from '../../importFile/importModeSchema';
import { describeImportProblem, prepareImport } from '../../importFile/prepareImport';
import { ImportFileError, readImportFile } from '../../importFile/readImportFile';
import { sendProblem } from '../../http/sendProblem';
import type { SearchService } from '../../service/SearchService';
import { DirectoryImportError } from '../../store/DirectoryImportError';
import { SourceUnavailableError } from '../../store/PartnerSource';
import type { ScopeParams } from '../scopeParams';
import { toScope } from '../scopeParams';
import { API_BASE_PATH } from '@partners-network/contract';
import type { ImportProblem } from '@partners-network/contract';
import { UNAVAILABLE_TITLE, logWrite } from './adminRequests';
import { planImport } from './planImport';

/** A whole import file of a large site: 100k rows of about 500 bytes. */
export const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

const PROBLEMS_IN_TITLE = 3;

/** Problems as one 400 title: the first few, each with its row, line and field. */
function describeProblems(problems: readonly ImportProblem[]): string {
  const shown = problems.slice(0, PROBLEMS_IN_TITLE).map(describeImportProblem);
  const more =
    problems.length > PROBLEMS_IN_TITLE ? ` (and ${problems.length - PROBLEMS_IN_TITLE} more)` : '';
  return `${shown.join('; ')}${more}; nothing was changed`;
}

export interface ImportRouteOptions {
  service: SearchService;
}

export async function importRoute(app: FastifyInstance, options: ImportRouteOptions) {
  const { service } = options;
  // In this plugin only: the file's own text, so its lines can be named.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', 'text/csv'],
    { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post<{ Params: ScopeParams; Querystring: { mode?: unknown; dryRun?: unknown } }>(
    `${API_BASE_PATH}/:companyId/:scopeGroupId/partners/import`,
    { bodyLimit: IMPORT_BODY_LIMIT },
    async (request, reply) => {
      const scope = toScope(request.params);
      const mode = importModeSchema.safeParse(request.query.mode);
      if (!mode.success) return sendProblem(reply, 400, 'mode must be upsert or replace');
      const dryRun = dryRunSchema.safeParse(request.query.dryRun);
      if (!dryRun.success) return sendProblem(reply, 400, 'dryRun must be true or false');
      const text = typeof request.body === 'string' ? request.body : '';
      const csv = (request.headers['content-type'] ?? '').toLowerCase().startsWith('text/csv');
      let file;
      try {
        file = readImportFile(text, csv ? 'csv' : 'json');
      } catch (error) {
        if (error instanceof ImportFileError) return sendProblem(reply, 400, error.message);
        throw error;
      }
      const prepared = prepareImport(file, { ...scope, onlyThisSite: true });
      reply.header('Cache-Control', 'no-store');
      try {
        if (dryRun.data === 'true') {
          return reply.send(await planImport(service.source, scope, prepared, mode.data));
        }
        if (prepared.problems.length > 0) {
          return sendProblem(reply, 400, describeProblems(prepared.problems));
        }
        const summary = await service.importDirectory(prepared.data, {
          replace: mode.data === 'replace',
        });
        const slugs = prepared.data.sites
          .flatMap((site) => (site.partners ?? []).map((partner) => partner.slug))
          .slice(0, 50);
        logWrite(
          request,
          { ...scope, mode: mode.data, ...summary, slugs },
          'admin: import written',
        );
        return reply.send(summary);
      } catch (error) {
        if (error instanceof DirectoryImportError) {
          return sendProblem(reply, 400, describeProblems(prepared.problemsOf(error.issues)));
        }
        if (error instanceof SourceUnavailableError) {
          return sendProblem(reply, 503, UNAVAILABLE_TITLE);
        }
        throw error;
      }
    },
  );
}
