/**
 * Every change of the directory: imports, one partner put or deleted, the seed of an
 * empty database. Each is one transaction of the source (the import rules in
 * mergeDirectory), then the sites it changed are brought up to date in this server
 * before it answers, so the writer sees the change at once; other servers catch up.
 */
import type { Scope, SiteTuning } from '@partners-network/contract';
import type { DirectoryData, PartnerData, PartnerInput } from '../store/DirectoryData';
import { directoryDataSchema } from '../store/DirectoryData';
import { DirectoryImportError } from '../store/DirectoryImportError';
import type { PartnerSource, SiteWriteState } from '../store/PartnerSource';
import type { StoredTuning } from '../store/SiteRecords';
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
      locations: stored.record.locations ?? [],
      ...(stored.record.contact ? { contact: stored.record.contact } : {}),
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

  /**
   * Replaces a site's tuning (its partners found by slug, kept by id); null when the site
   * is unknown. A slug no partner has is a DirectoryImportError naming the rule and place.
   */
  async putTuning(scope: Scope, tuning: SiteTuning): Promise<StoredTuning | null> {
    const slugs = [
      ...new Set(tuning.queryRules.flatMap((rule) => [...rule.pinned, ...rule.hidden])),
    ];
    const stored = await this.#sites.guard(() =>
      this.#source.write([{ scope, slugs }], ([state]) => {
        if (!state?.existed) return { changes: [], result: null };
        const resolved = resolveTuning(tuning, state);
        return {
          changes: [
            { scope, definitions: state.definitions, upserts: [], deletes: [], tuning: resolved },
          ],
          result: resolved,
        };
      }),
    );
    if (stored) await this.#sites.reload([scope]);
    return stored;
  }

  /**
   * A tuning's partners by id, as a preview searches with it, without writing it: the
   * same resolution as a save, read outside a transaction.
   */
  async resolveTuning(scope: Scope, tuning: SiteTuning): Promise<StoredTuning> {
    const slugs = [
      ...new Set(tuning.queryRules.flatMap((rule) => [...rule.pinned, ...rule.hidden])),
    ];
    const partners = new Map<string, { id: number; position: number }>();
    for (const slug of slugs) {
      const partner = await this.#sites.guard(() => this.#source.readPartner(scope, slug));
      if (partner) partners.set(slug, { id: partner.id, position: partner.position });
    }
    return resolveTuning(tuning, { partners });
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

/** The tuning with each partner a rule names by its id; unknown slugs are refused. */
function resolveTuning(tuning: SiteTuning, state: Pick<SiteWriteState, 'partners'>): StoredTuning {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const resolve = (slugs: readonly string[], at: number, list: 'pinned' | 'hidden') =>
    slugs.flatMap((slug, place) => {
      const partner = state.partners.get(slug);
      if (partner) return [{ slug, id: partner.id }];
      issues.push({
        path: ['queryRules', at, list, place],
        message: `no partner with slug ${slug} in this site`,
      });
      return [];
    });
  const queryRules = tuning.queryRules.map((rule, at) => ({
    query: rule.query,
    pinned: resolve(rule.pinned, at, 'pinned'),
    hidden: resolve(rule.hidden, at, 'hidden'),
  }));
  if (issues.length > 0) throw new DirectoryImportError(issues);
  return { synonymSets: tuning.synonymSets, queryRules };
}
