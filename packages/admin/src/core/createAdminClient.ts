/**
 * The admin API as the console calls it: the token as a bearer header (never in an
 * address), every answer parsed with the contract's schemas, every failure an
 * `AdminApiError` with the server's own sentence. A 401 also calls `onUnauthorized`, so a
 * token the server stopped accepting signs the operator out wherever it is noticed.
 */
import * as z from 'zod';
import type {
  ImportReport,
  ImportSummary,
  InsightsQuery,
  PartnerListQuery,
  Scope,
  SearchCriteria,
  SiteTuning,
} from '@partners-network/contract';
import {
  ADMIN_SITES_PATH,
  adminSiteDefinitionsSchema,
  adminSitesSchema,
  exportPath,
  importPath,
  importReportSchema,
  importSummarySchema,
  insightsPath,
  insightsSchema,
  partnerAnswerSchema,
  partnerPageSchema,
  partnerPath,
  partnersPath,
  problemSchema,
  siteDefinitionsPath,
  siteTuningSchema,
  tuningPath,
  tuningPreviewAnswerSchema,
  tuningPreviewPath,
} from '@partners-network/contract';

export class AdminApiError extends Error {
  readonly status: number;

  constructor(status: number, title: string) {
    super(title);
    this.name = 'AdminApiError';
    this.status = status;
  }
}

export type FileFormat = 'csv' | 'json';
export type ImportMode = 'upsert' | 'replace';

export interface AdminClientOptions {
  token: string;
  /** Called on any 401, before the call's promise rejects. */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

const CONTENT_TYPES: Record<FileFormat, string> = {
  csv: 'text/csv',
  json: 'application/json',
};

async function problemTitle(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const problem = problemSchema.safeParse(JSON.parse(text));
    if (problem.success) return problem.data.title;
  } catch {
    // Not a problem body (a proxy's page): the status says enough.
  }
  return `${response.status} ${response.statusText}`.trim();
}

/** The file name a download gets: the server's, else one made here. */
function downloadName(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
}

export function createAdminClient(options: AdminClientOptions) {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${options.token}`);
    const response = await fetchImpl(path, { ...init, headers, cache: 'no-store' });
    if (response.ok) return response;
    if (response.status === 401) options.onUnauthorized?.();
    throw new AdminApiError(response.status, await problemTitle(response));
  }

  /** Any of the contract's schemas, full zod or zod/mini (the search's and tuning's). */
  async function read<T>(path: string, schema: z.core.$ZodType<T>, init?: RequestInit): Promise<T> {
    const response = await call(path, init);
    const parsed = z.safeParse(schema, await response.json());
    if (!parsed.success) throw new AdminApiError(502, 'the server answered in an unknown form');
    return parsed.data;
  }

  return {
    sites: () => read(ADMIN_SITES_PATH, adminSitesSchema),
    definitions: (scope: Scope) => read(siteDefinitionsPath(scope), adminSiteDefinitionsSchema),
    partners(scope: Scope, query: PartnerListQuery, signal?: AbortSignal) {
      const search = new URLSearchParams({
        q: query.q,
        sort: query.sort,
        order: query.order,
        offset: String(query.offset),
        limit: String(query.limit),
      });
      return read(`${partnersPath(scope)}?${search}`, partnerPageSchema, signal ? { signal } : {});
    },
    partner: (scope: Scope, slug: string) => read(partnerPath(scope, slug), partnerAnswerSchema),
    /** Creates or replaces a partner: 'created' or 'updated'. */
    async putPartner(scope: Scope, slug: string, row: Readonly<Record<string, unknown>>) {
      const response = await call(partnerPath(scope, slug), {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(row),
      });
      return response.status === 201 ? ('created' as const) : ('updated' as const);
    },
    async deletePartner(scope: Scope, slug: string): Promise<void> {
      await call(partnerPath(scope, slug), { method: 'DELETE' });
    },
    checkImport(scope: Scope, text: string, format: FileFormat, mode: ImportMode) {
      return read<ImportReport>(
        `${importPath(scope)}?${new URLSearchParams({ mode, dryRun: 'true' })}`,
        importReportSchema,
        { method: 'POST', headers: { 'Content-Type': CONTENT_TYPES[format] }, body: text },
      );
    },
    applyImport(scope: Scope, text: string, format: FileFormat, mode: ImportMode) {
      return read<ImportSummary>(
        `${importPath(scope)}?${new URLSearchParams({ mode })}`,
        importSummarySchema,
        { method: 'POST', headers: { 'Content-Type': CONTENT_TYPES[format] }, body: text },
      );
    },
    tuning: (scope: Scope) => read(tuningPath(scope), siteTuningSchema),
    /** What visitors looked for and opened in a period (UTC days, both included). */
    insights(scope: Scope, query: InsightsQuery, signal?: AbortSignal) {
      const search = new URLSearchParams({ from: query.from, to: query.to });
      if (query.locale !== undefined) search.set('locale', query.locale);
      return read(`${insightsPath(scope)}?${search}`, insightsSchema, signal ? { signal } : {});
    },
    /** Erases every search and card count of the site, of every day (204, nothing to read). */
    async eraseInsights(scope: Scope): Promise<void> {
      await call(insightsPath(scope), { method: 'DELETE' });
    },
    /** Replaces the site's tuning whole; the answer is the tuning saved. */
    putTuning(scope: Scope, tuning: SiteTuning) {
      return read(tuningPath(scope), siteTuningSchema, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(tuning),
      });
    },
    /** A search answered as it would be with this tuning, nothing saved. */
    previewTuning(
      scope: Scope,
      request: { tuning: SiteTuning; criteria: SearchCriteria; locale: string },
      signal?: AbortSignal,
    ) {
      const { tuning, criteria, locale } = request;
      return read(
        `${tuningPreviewPath(scope)}?${new URLSearchParams({ locale })}`,
        tuningPreviewAnswerSchema,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ tuning, criteria }),
          ...(signal ? { signal } : {}),
        },
      );
    },
    /** The site as an import file: its contents and the name the server gives it. */
    async exportFile(scope: Scope, format: FileFormat): Promise<{ blob: Blob; name: string }> {
      const response = await call(`${exportPath(scope)}?format=${format}`);
      return { blob: await response.blob(), name: downloadName(response, `partners.${format}`) };
    },
  };
}

export type AdminClient = ReturnType<typeof createAdminClient>;
