/**
 * GET …/{companyId}/{scopeGroupId}/export?format=csv|json: every partner of the site as an
 * import file (importFile/writeExportFile.ts), a download. Streamed page by page from one snapshot
 * of the site (`loadSite`), so a large site is never whole in memory, and the file is one
 * version of the site even while others write.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { API_BASE_PATH } from '@partners-network/contract';
import type { ExportFormat } from '../../importFile/writeExportFile';
import {
  csvColumns,
  exportChunk,
  exportEnd,
  exportFormatSchema,
  exportStart,
} from '../../importFile/writeExportFile';
import { sendProblem } from '../../http/sendProblem';
import type { SearchService } from '../../service/SearchService';
import type { ScopeParams } from '../scopeParams';
import { toScope, unknownScopeTitle } from '../scopeParams';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** A file name from ids of any characters: only letters, digits, `-` and `_` kept. */
function fileName(companyId: string, scopeGroupId: string, format: ExportFormat): string {
  const safe = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40) || 'site';
  return `partners-${safe(companyId)}-${safe(scopeGroupId)}.${format}`;
}

export async function exportRoute(app: FastifyInstance, options: { service: SearchService }) {
  const { service } = options;

  app.get<{ Params: ScopeParams; Querystring: { format?: unknown } }>(
    `${API_BASE_PATH}/:companyId/:scopeGroupId/export`,
    async (request, reply) => {
      const scope = toScope(request.params);
      const parsed = exportFormatSchema.safeParse(request.query.format);
      if (!parsed.success) return sendProblem(reply, 400, 'format must be csv or json');
      const format = parsed.data;
      if (!(await service.hasScope(scope)))
        return sendProblem(reply, 404, unknownScopeTitle(scope));
      const body = new PassThrough();
      const write = async (chunk: string) => {
        if (chunk === '' || body.write(chunk)) return;
        // Wait for the client to read, or for it to go away.
        await new Promise<void>((resolve) => {
          const go = () => {
            body.off('drain', go).off('close', go);
            resolve();
          };
          body.on('drain', go).on('close', go);
        });
      };
      let reading: () => void = () => undefined;
      const started = new Promise<void>((resolve) => (reading = resolve));
      const done = service.source.loadSite(scope, async (head, pages) => {
        reading();
        const columns = csvColumns(head.definitions.locales);
        await write(exportStart(format, columns));
        let first = true;
        for await (const page of pages) {
          // The client went away: stop reading (the snapshot ends with the loop).
          if (body.destroyed) return true;
          await write(exportChunk(format, page, columns, first));
          first = first && page.length === 0;
        }
        body.end(exportEnd(format));
        return true;
      });
      // Until the site is being read, a failure can still be answered (a 503, a 404).
      const found = await Promise.race([started.then(() => true), done]);
      if (found === undefined) return sendProblem(reply, 404, unknownScopeTitle(scope));
      done.catch((error: unknown) => {
        request.log.error({ err: error }, 'admin: export failed');
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      request.log.info({ ...scope, format }, 'admin: export');
      return reply
        .header('Cache-Control', 'no-store')
        .header(
          'Content-Disposition',
          `attachment; filename="${fileName(scope.companyId, scope.scopeGroupId, format)}"`,
        )
        .type(CONTENT_TYPES[format])
        .send(body);
    },
  );
}
