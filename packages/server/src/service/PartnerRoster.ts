/**
 * The admin API's read model of a site's partners: what the console's table lists, searches
 * and sorts. Read from the source (never from the search service's index, which is built for
 * visitors' searches and holds no slugs or records), loaded whole once with `loadSite` and
 * then kept current with `changesSince`, the same change versions every server follows, so a
 * list after an edit reads only the edit.
 *
 * Bounded: at most MAX_SITES sites, each dropped after IDLE_MS without a read. Measured at
 * 100k generated partners: 62 MB of heap (slugs, titles, filters, search words and a sort
 * key per partner; summaries are not kept), loaded in 6.8 s on a loaded 2-core machine.
 */
import type { PartnerSort, Scope } from '@partners-network/contract';
import { LRUCache } from 'lru-cache';
import type { PartnerSource, SiteChanges } from '../store/PartnerSource';
import type { SiteDefinitions, StoredPartner, StoredTuning } from '../store/SiteRecords';
import { scopeKey } from '../store/scopeKey';

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
  /** The folded words of its slug and titles, for the table's search. */
  words: string;
  /** Its en-US title folded, numbers padded: sorted as text, "Partner 2" before "Partner 10". */
  titleKey: string;
}

export interface RosterSite {
  scope: Scope;
  version: number;
  definitions: SiteDefinitions;
  tuning: StoredTuning;
  bySlug: ReadonlyMap<string, RosterPartner>;
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

/** A title as the table sorts it: case and accents aside, numbers by their value. */
function titleKeyOf(title: string): string {
  return wordsOf(title)
    .map((word) => word.replace(/\d+/g, (digits) => digits.padStart(12, '0')))
    .join(' ');
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
    titleKey: titleKeyOf(record.title['en-US'] ?? ''),
    words: wordsOf(`${stored.slug} ${Object.values(record.title).join(' ')}`).join(' '),
  };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const COMPARE: Record<PartnerSort, (a: RosterPartner, b: RosterPartner) => number> = {
  position: (a, b) => a.position - b.position || a.id - b.id,
  // Keys made once per partner: sorting 100k titles took 1.3 s with them, 2.3 s with
  // Intl.Collator (side by side, one run, load average 15).
  title: (a, b) => byText(a.titleKey, b.titleKey) || byText(a.slug, b.slug),
  slug: (a, b) => byText(a.slug, b.slug),
};

class Site implements RosterSite {
  readonly scope: Scope;
  version: number;
  definitions: SiteDefinitions;
  tuning: StoredTuning;
  readonly byId = new Map<number, RosterPartner>();
  readonly bySlug = new Map<string, RosterPartner>();
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
  /** The sites read last, each dropped after IDLE_MS without a read. */
  readonly #sites = new LRUCache<string, Site>({
    max: MAX_SITES,
    ttl: IDLE_MS,
    updateAgeOnGet: true,
  });
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
    const known = this.#sites.get(key);
    if (known) {
      const changes = await this.#source.changesSince(scope, known.version, CHANGES_LIMIT);
      if (changes === undefined) {
        this.#sites.delete(key);
        return undefined;
      }
      if (changes !== 'reload') {
        known.apply(changes);
        return known;
      }
    }
    const loaded = await this.#source.loadSite(scope, async (head, pages) => {
      const site = new Site(head);
      for await (const page of pages) for (const stored of page) site.add(stored);
      return site;
    });
    if (!loaded) {
      this.#sites.delete(key);
      return undefined;
    }
    this.#sites.set(key, loaded);
    return loaded;
  }
}
