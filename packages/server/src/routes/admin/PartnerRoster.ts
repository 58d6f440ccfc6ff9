/**
 * The admin API's read model of a site's partners: what the console's table lists, searches
 * and sorts, and what an import's dry run compares with. Read from the source (never from the
 * search service's index, which is built for visitors' searches and holds no slugs or
 * records), loaded whole once with `loadSite` and then kept current with `changesSince`, the
 * same change versions every server follows, so a list after an edit reads only the edit.
 *
 * Bounded: at most MAX_SITES sites, each dropped after IDLE_MS without a read. At 100k
 * partners a site's roster holds about 40 MB (titles, filters, a fingerprint per partner;
 * summaries are not kept).
 */
import { createHash } from 'node:crypto';
import type { PartnerSort, Scope } from '@partners-network/contract';
import type { PartnerSource, SiteChanges } from '../../store/PartnerSource';
import type {
  PartnerRecord,
  SiteDefinitions,
  StoredPartner,
  StoredTuning,
} from '../../store/SiteRecords';
import { scopeKey } from '../../store/scopeKey';

const MAX_SITES = 2;
const IDLE_MS = 10 * 60_000;
/** More changes than this since the roster's version: the site is loaded whole again. */
const CHANGES_LIMIT = 5000;

export interface RosterPartner {
  id: number;
  slug: string;
  position: number;
  title: Record<string, string>;
  url: string;
  globalFilters: string[];
  filterItemIds: number[];
  /** Digest of the partner as stored (position and record): equal means unchanged. */
  fingerprint: string;
  /** The folded words of its slug and titles, for the table's search. */
  words: string;
}

export interface RosterSite {
  scope: Scope;
  version: number;
  definitions: SiteDefinitions;
  tuning: StoredTuning;
  bySlug: ReadonlyMap<string, RosterPartner>;
  maxPosition: number;
  /** The partners in a sort's order, made once per version and sort. */
  sorted(sort: PartnerSort): readonly RosterPartner[];
}

/**
 * The words of a text for the table's search: runs of letters and digits, lower-cased,
 * accents removed ("Société" finds "societe"). An operator's lookup, not the visitors'
 * search (no typos, no ranking), so it does not need the search index's tokenizer.
 */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** JSON with keys in order, so a record reads the same from any database. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/** Digest of a partner as it would be stored: what a write compares to know it changes it. */
export function fingerprintOf(position: number, record: PartnerRecord): string {
  return createHash('sha1').update(canonicalJson({ position, record })).digest('base64url');
}

function toRosterPartner(stored: StoredPartner): RosterPartner {
  const { record } = stored;
  return {
    id: stored.id,
    slug: stored.slug,
    position: stored.position,
    title: record.title,
    url: record.url,
    globalFilters: record.globalFilters,
    filterItemIds: record.filterItemIds,
    fingerprint: fingerprintOf(stored.position, record),
    words: wordsOf(`${stored.slug} ${Object.values(record.title).join(' ')}`).join(' '),
  };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const COMPARE: Record<PartnerSort, (a: RosterPartner, b: RosterPartner) => number> = {
  position: (a, b) => a.position - b.position || a.id - b.id,
  title: (a, b) =>
    collator.compare(a.title['en-US'] ?? '', b.title['en-US'] ?? '') ||
    collator.compare(a.slug, b.slug),
  slug: (a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0),
};

class Site implements RosterSite {
  readonly scope: Scope;
  version: number;
  definitions: SiteDefinitions;
  tuning: StoredTuning;
  readonly byId = new Map<number, RosterPartner>();
  readonly bySlug = new Map<string, RosterPartner>();
  lastRead = Date.now();
  #sorted = new Map<PartnerSort, RosterPartner[]>();

  constructor(head: {
    scope: Scope;
    version: number;
    definitions: SiteDefinitions;
    tuning: StoredTuning;
  }) {
    this.scope = head.scope;
    this.version = head.version;
    this.definitions = head.definitions;
    this.tuning = head.tuning;
  }

  get maxPosition(): number {
    let max = -1;
    for (const partner of this.byId.values()) max = Math.max(max, partner.position);
    return max;
  }

  add(stored: StoredPartner): void {
    const partner = toRosterPartner(stored);
    this.byId.set(partner.id, partner);
    this.bySlug.set(partner.slug, partner);
  }

  remove(id: number): void {
    const partner = this.byId.get(id);
    if (!partner) return;
    this.byId.delete(id);
    if (this.bySlug.get(partner.slug) === partner) this.bySlug.delete(partner.slug);
  }

  apply(changes: SiteChanges): void {
    if (changes.version === this.version) return;
    for (const id of changes.removedIds) this.remove(id);
    for (const stored of changes.upserts) {
      this.remove(stored.id);
      const sameSlug = this.bySlug.get(stored.slug);
      if (sameSlug) this.remove(sameSlug.id);
      this.add(stored);
    }
    this.version = changes.version;
    this.definitions = changes.definitions;
    this.tuning = changes.tuning;
    this.#sorted.clear();
  }

  sorted(sort: PartnerSort): readonly RosterPartner[] {
    let list = this.#sorted.get(sort);
    if (!list) {
      list = [...this.byId.values()].sort(COMPARE[sort]);
      this.#sorted.set(sort, list);
    }
    return list;
  }
}

export class PartnerRoster {
  readonly #source: PartnerSource;
  readonly #sites = new Map<string, Site>();
  /** One refresh per site at a time: concurrent reads share it. */
  readonly #pending = new Map<string, Promise<Site | undefined>>();

  constructor(source: PartnerSource) {
    this.#source = source;
  }

  /** The site's partners as the database holds them now; undefined for an unknown site. */
  read(scope: Scope): Promise<RosterSite | undefined> {
    const key = scopeKey(scope);
    const pending = this.#pending.get(key);
    if (pending) return pending;
    const refresh = this.#refresh(key, scope).finally(() => this.#pending.delete(key));
    this.#pending.set(key, refresh);
    return refresh;
  }

  async #refresh(key: string, scope: Scope): Promise<Site | undefined> {
    this.#dropIdle();
    const known = this.#sites.get(key);
    if (known) {
      const changes = await this.#source.changesSince(scope, known.version, CHANGES_LIMIT);
      if (changes === undefined) {
        this.#sites.delete(key);
        return undefined;
      }
      if (changes !== 'reload') {
        known.apply(changes);
        known.lastRead = Date.now();
        // Most recently read last: the first is the one to drop.
        this.#sites.delete(key);
        this.#sites.set(key, known);
        return known;
      }
    }
    const loaded = await this.#source.loadSite(scope, async (head, pages) => {
      const site = new Site(head);
      for await (const page of pages) for (const stored of page) site.add(stored);
      return site;
    });
    this.#sites.delete(key);
    if (!loaded) return undefined;
    this.#sites.set(key, loaded);
    while (this.#sites.size > MAX_SITES) {
      const oldest = this.#sites.keys().next().value;
      if (oldest === undefined) break;
      this.#sites.delete(oldest);
    }
    return loaded;
  }

  #dropIdle(): void {
    const now = Date.now();
    for (const [key, site] of this.#sites) {
      if (now - site.lastRead > IDLE_MS) this.#sites.delete(key);
    }
  }
}
