/**
 * What the routes call, over any PartnerSource: answers come from each site's
 * SiteAnswers (answer/, how a search is answered), sites live in SiteLifecycle (loaded,
 * kept up to date, replaced without a wait), changes go through DirectoryWrites.
 */
import type {
  FilterDefinitions,
  Scope,
  SearchCriteria,
  SiteTuning,
} from '@partners-network/contract';
import type { AnswerCaches } from '../answer/AnswerCaches';
import { answerCaches } from '../answer/AnswerCaches';
import type { MetricsSource, OperationalFigures } from '../metrics/OperationalFigures';
import type { BuiltSite } from '../site/buildSite';
import type { DirectoryData, PartnerData, PartnerInput } from '../store/DirectoryData';
import type { PartnerSource } from '../store/PartnerSource';
import { tuningAsWritten } from '../store/SiteRecords';
import type { KeptAnswer } from '../store/KeptAnswer';
import type { ImportSummary, PartnerStore, StoreSearchResult } from '../store/PartnerStore';
import { DirectoryWrites } from './DirectoryWrites';
import type { MergeOptions } from './mergeDirectory';
import type { PartnerLocations } from '../search/PartnerLocations';
import { pinnedPositions } from './pinnedPositions';
import type { ServiceState } from './ServiceState';
import { serviceFigures } from './serviceFigures';
import { SiteLifecycle } from './SiteLifecycle';
import type { WarmUpSearch } from './warmUpSites';
import { forgettingAnswers, warmUpSearchesOf } from './warmUpSites';

export type { ServiceState } from './ServiceState';

export { WORKER_FROM } from './SiteLifecycle';

export type { WarmUpSearch } from './warmUpSites';

export interface SearchServiceOptions {
  /**
   * Sites of this many partners or more are indexed (and searched) in a worker thread,
   * so applying a change never holds up a search; smaller ones build in milliseconds.
   */
  workerFrom?: number;
}

export class SearchService implements PartnerStore, MetricsSource {
  readonly #source: PartnerSource;
  readonly #caches: AnswerCaches = answerCaches();
  readonly #sites: SiteLifecycle;
  readonly #writes: DirectoryWrites;

  constructor(source: PartnerSource, options: SearchServiceOptions = {}) {
    this.#source = source;
    this.#sites = new SiteLifecycle(source, { ...options, caches: this.#caches });
    this.#writes = new DirectoryWrites(source, this.#sites);
  }

  get source(): PartnerSource {
    return this.#source;
  }

  async hasScope(scope: Scope): Promise<boolean> {
    return (await this.#sites.site(scope)) !== undefined;
  }

  async getFilterDefinitions(scope: Scope, locale: string): Promise<FilterDefinitions | null> {
    return (await this.#sites.site(scope))?.answers.definitions(locale) ?? null;
  }

  /** The site's partners' locations (search/PartnerLocations); null for an unknown site. */
  async siteLocations(scope: Scope): Promise<PartnerLocations | null> {
    return (await this.#sites.site(scope))?.answers.site.locations ?? null;
  }

  async search(
    scope: Scope,
    criteria: SearchCriteria,
    locale: string,
  ): Promise<StoreSearchResult | null> {
    return (await this.#sites.site(scope))?.answers.answer(criteria, locale) ?? null;
  }

  async searchKept(
    scope: Scope,
    criteria: SearchCriteria,
    locale: string,
  ): Promise<KeptAnswer | null> {
    return (await this.#sites.site(scope))?.answers.kept(criteria, locale) ?? null;
  }

  /** The largest site's own searches for the start-up warm-up over HTTP (warmUpSites.ts). */
  warmUpSearches(count: number): WarmUpSearch[] {
    return warmUpSearchesOf(this.#sites, count);
  }

  /** Runs the warm-up, then forgets what its answers left (warmUpSites.ts). */
  forgetting<T>(warmUp: () => Promise<T>): Promise<T> {
    return forgettingAnswers(this.#sites, this.#caches, warmUp);
  }

  importDirectory(data: DirectoryData, options?: MergeOptions): Promise<ImportSummary> {
    return this.#writes.importDirectory(data, options);
  }

  getPartner(scope: Scope, slug: string): Promise<PartnerData | undefined> {
    return this.#writes.getPartner(scope, slug);
  }

  putPartner(scope: Scope, partner: PartnerInput): Promise<'created' | 'updated' | null> {
    return this.#writes.putPartner(scope, partner);
  }

  deletePartner(scope: Scope, slug: string): Promise<boolean> {
    return this.#writes.deletePartner(scope, slug);
  }

  /** A site's tuning as the admin API shows it (partners by slug); null for an unknown site. */
  async getTuning(scope: Scope): Promise<SiteTuning | null> {
    const slot = await this.#sites.site(scope);
    return slot ? tuningAsWritten(slot.answers.site.tuning) : null;
  }

  /** Saves a site's tuning, live on every server within a catch-up; null for an unknown site. */
  async putTuning(scope: Scope, tuning: SiteTuning): Promise<SiteTuning | null> {
    if (!(await this.#sites.site(scope))) return null;
    return (await this.#writes.putTuning(scope, tuning)) ? this.getTuning(scope) : null;
  }

  /**
   * A search as it would be answered with a tuning not saved (the console's preview), with
   * the positions of the cards its rule for the text pinned.
   */
  async previewSearch(
    scope: Scope,
    tuning: SiteTuning,
    criteria: SearchCriteria,
    locale: string,
  ): Promise<{ answer: StoreSearchResult; pinnedPositions: number[] } | null> {
    const slot = await this.#sites.site(scope);
    if (!slot) return null;
    const stored = await this.#writes.resolveTuning(scope, tuning);
    const answer = slot.answers.withTuning(stored, answerCaches()).answer(criteria, locale);
    return { answer, pinnedPositions: pinnedPositions(stored, criteria.text, answer.answerId) };
  }

  /** A site as this server answers it now (the insights name its items and partners). */
  async builtSite(scope: Scope): Promise<BuiltSite | undefined> {
    return (await this.#sites.site(scope))?.answers.site;
  }

  isEmpty(): Promise<boolean> {
    return this.#writes.isEmpty();
  }

  seedIfEmpty(directory: () => DirectoryData): Promise<boolean> {
    return this.#writes.seedIfEmpty(directory);
  }

  /** Loads and builds every site before a server listens (see SiteLifecycle.warm). */
  warm(): Promise<void> {
    return this.#sites.warm();
  }

  startFollowing(): void {
    this.#sites.startFollowing();
  }

  catchUp(): Promise<void> {
    return this.#sites.catchUp();
  }

  state(): ServiceState {
    return {
      ready: this.#sites.ready,
      sourceUp: this.#sites.sourceUp,
      lastSyncAt: this.#sites.lastSyncAt,
      sites: this.#sites.slots().map(({ scope, answers, changedAt }) => ({
        ...scope,
        partners: answers.site.size,
        version: answers.site.version,
        changedAt,
        indexBuiltInWorker: answers.site.whole.builtInWorker,
        laidPartners: answers.site.laid,
      })),
    };
  }

  /** What `/metrics` shows: each site's index and version, each kind of cache over every site. */
  figures(): OperationalFigures {
    return serviceFigures(this.#sites.slots(), this.#caches);
  }

  async close(): Promise<void> {
    await this.#sites.close();
    await this.#source.close();
  }
}
