/**
 * Every change of the directory: imports, one partner put or deleted, the seed of an
 * empty database. Each is one transaction of the source (the import rules in
 * mergeDirectory), then the sites it changed are brought up to date in this server
 * before it answers, so the writer sees the change at once; other servers catch up.
 */
import type { Scope } from '@partners-network/contract';
import type { DirectoryData, PartnerData, PartnerInput } from '../store/DirectoryData';
import { directoryDataSchema } from '../store/DirectoryData';
import { DirectoryImportError } from '../store/DirectoryImportError';
import type { PartnerSource } from '../store/PartnerSource';
import type { ImportSummary } from '../store/PartnerStore';
import { scopeKey } from '../store/scopeKey';
import type { MergeOptions } from './mergeDirectory';
import { mergeDirectory } from './mergeDirectory';
import type { SiteLifecycle } from './SiteLifecycle';

function parseDirectory(data: DirectoryData) {
  const parsed = directoryDataSchema.safeParse(data);
  if (!parsed.success) {
    throw new DirectoryImportError(
      parsed.error.issues.map((issue) => ({
        path: issue.path.filter((part) => typeof part !== 'symbol'),
        message: issue.message,
      })),
    );
  }
  return parsed.data;
}

export class DirectoryWrites {
  readonly #source: PartnerSource;
  readonly #sites: SiteLifecycle;

  constructor(source: PartnerSource, sites: SiteLifecycle) {
    this.#source = source;
    this.#sites = sites;
  }

  /** All or nothing: DirectoryImportError lists every problem, and nothing is written. */
  async importDirectory(data: DirectoryData, options?: MergeOptions): Promise<ImportSummary> {
    const parsed = parseDirectory(data);
    const scopes = [
      ...new Map(
        parsed.sites.map(({ companyId, scopeGroupId }) => [
          scopeKey({ companyId, scopeGroupId }),
          { companyId, scopeGroupId },
        ]),
      ).values(),
    ];
    const summary = await this.#sites.guard(() =>
      this.#source.write(
        scopes.map((scope) => ({
          scope,
          // Only the partners the data names, unless all of them may go.
          slugs: options?.replace
            ? ('all' as const)
            : parsed.sites
                .filter((site) => scopeKey(site) === scopeKey(scope))
                .flatMap((site) => site.partners.map((partner) => partner.slug)),
        })),
        (states) => mergeDirectory(parsed, states, options),
        (done, total) => options?.onProgress?.(done, total, 'index'),
      ),
    );
    await this.#sites.reload(scopes);
    return summary;
  }

  /** One partner as a row of the JSON import format; undefined for an unknown slug. */
  async getPartner(scope: Scope, slug: string): Promise<PartnerData | undefined> {
    const stored = await this.#sites.guard(() => this.#source.readPartner(scope, slug));
    if (!stored) return undefined;
    return {
      slug: stored.slug,
      title: stored.record.title,
      summary: stored.record.summary,
      url: stored.record.url,
      imageUrl: stored.record.imageUrl,
      position: stored.position,
      globalFilters: stored.record.globalFilters,
      filterItemIds: stored.record.filterItemIds,
    };
  }

  /** Creates or replaces one partner of an existing site; null when the site is unknown. */
  async putPartner(scope: Scope, partner: PartnerInput): Promise<'created' | 'updated' | null> {
    if (!(await this.#sites.site(scope))) return null;
    const summary = await this.importDirectory({ sites: [{ ...scope, partners: [partner] }] });
    return summary.partnersCreated > 0 ? 'created' : 'updated';
  }

  /** Removes one partner; false when there was none with that slug. */
  async deletePartner(scope: Scope, slug: string): Promise<boolean> {
    const deleted = await this.#sites.guard(() =>
      this.#source.write([{ scope, slugs: [slug] }], ([state]) => {
        if (!state?.existed || !state.partners.has(slug)) return { changes: [], result: false };
        return {
          changes: [{ scope, definitions: state.definitions, upserts: [], deletes: [slug] }],
          result: true,
        };
      }),
    );
    if (deleted) await this.#sites.reload([scope]);
    return deleted;
  }

  /** Empty when no site exists; answered from memory when a site is loaded. */
  async isEmpty(): Promise<boolean> {
    if (this.#sites.hasSites) return false;
    return this.#sites.guard(() => this.#source.isEmpty());
  }

  /** Seeds an empty database once, even when several servers start together. */
  async seedIfEmpty(directory: () => DirectoryData): Promise<boolean> {
    return this.#source.exclusive(async () => {
      if (!(await this.#source.isEmpty())) return false;
      await this.importDirectory(directory());
      return true;
    });
  }
}
