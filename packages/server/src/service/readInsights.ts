/**
 * A site's insights over a period, as the admin API answers them: the counts the database
 * sums (store/StatsStore), named as the site is now (global filter labels, item names and
 * groups, partner titles, in the locale asked or en-US), with the totals and rates a
 * console shows. Texts seen fewer than INSIGHTS_MIN_TEXT_COUNT times in the period are
 * only counted: the database query leaves them out.
 */
import type { Insights, InsightsQuery, Scope } from '@partners-network/contract';
import { INSIGHTS_LIST_LIMIT, INSIGHTS_MIN_TEXT_COUNT, dayTime } from '@partners-network/contract';
import type { BuiltSite } from '../site/buildSite';
import { DEFAULT_LOCALE } from '../store/DirectoryData';
import { pickText, resolveLocale } from '../store/resolveLocale';
import type { StatsStore, StoredInsights } from '../store/StatsStore';
import type { SearchService } from './SearchService';

const DAY_MS = 86_400_000;

/** The site's names of global filters and items, in one locale. */
interface SiteNames {
  filter(name: string): { name: string; label: string };
  /** Empty name and group for an item the site no longer has. */
  item(id: number): { id: number; name: string; group: string };
}

function siteNames(site: BuiltSite, locale: string): SiteNames {
  const items = new Map<number, { name: string; group: string }>();
  for (const filter of site.info.globalFilters) {
    for (const group of filter.groups) {
      for (const item of group.items) {
        items.set(item.id, {
          name: pickText(item.names, locale),
          group: pickText(group.names, locale),
        });
      }
    }
  }
  return {
    filter: (name) => {
      const filter = site.info.byName.get(name);
      return { name, label: filter ? pickText(filter.labels, locale) : name };
    },
    item: (id) => ({ id, ...(items.get(id) ?? { name: '', group: '' }) }),
  };
}

/** Every day of the period, those without searches as zeros. */
function everyDay(from: string, to: string, days: StoredInsights['days']): Insights['days'] {
  const counted = new Map(days.map((day) => [day.day, day]));
  const all: Insights['days'] = [];
  for (let time = dayTime(from); time <= dayTime(to); time += DAY_MS) {
    const day = new Date(time).toISOString().slice(0, 10);
    all.push(counted.get(day) ?? { day, searches: 0, zeroResults: 0 });
  }
  return all;
}

function totalsOf(stored: StoredInsights): Insights['totals'] {
  let searches = 0;
  let zeroResults = 0;
  for (const day of stored.days) {
    searches += day.searches;
    zeroResults += day.zeroResults;
  }
  const found = searches - zeroResults;
  return {
    searches,
    zeroResults,
    zeroResultRate: searches === 0 ? 0 : zeroResults / searches,
    clicks: stored.clicks,
    clickThroughRate: found <= 0 ? 0 : stored.clicks / found,
    otherSearches: Math.max(0, searches - stored.redacted - stored.shown.searches),
    redactedSearches: stored.redacted,
    otherZeroResultSearches: Math.max(0, zeroResults - stored.shown.zeroResults),
  };
}

/** Partners opened, with their title now (null once a partner left the site). */
function partnersOf(
  site: BuiltSite,
  locale: string,
  partners: StoredInsights['partners'],
): Insights['partners'] {
  return partners.map(({ partnerId, slug, clicks }) => {
    const ordinal = site.ordinalOf(partnerId);
    const card = ordinal === undefined ? undefined : site.cards.readIn(ordinal, locale);
    return {
      partnerId,
      slug: card ? slug : null,
      title: card ? card.title : null,
      clicks,
    };
  });
}

/** Null for an unknown site. */
export async function readInsights(
  service: SearchService,
  stats: StatsStore,
  scope: Scope,
  query: InsightsQuery,
): Promise<Insights | null> {
  const site = await service.builtSite(scope);
  if (!site) return null;
  const locale = query.locale === undefined ? null : resolveLocale(query.locale, site.info.locales);
  const stored = await stats.insights({
    scope,
    from: query.from,
    to: query.to,
    ...(locale === null ? {} : { locale }),
    minTextCount: INSIGHTS_MIN_TEXT_COUNT,
    limit: INSIGHTS_LIST_LIMIT,
  });
  const names = siteNames(site, locale ?? DEFAULT_LOCALE);
  const totals = totalsOf(stored);
  const found = totals.searches - totals.zeroResults;
  return {
    from: query.from,
    to: query.to,
    locale,
    locales: site.info.locales,
    minTextCount: INSIGHTS_MIN_TEXT_COUNT,
    totals,
    days: everyDay(query.from, query.to, stored.days),
    topSearches: stored.texts,
    zeroResultSearches: stored.zeroResults.map((row) => ({
      text: row.text,
      globalFilter: names.filter(row.globalFilter),
      filterItems: row.itemIds.map((id) => names.item(id)),
      searches: row.searches,
    })),
    filterItems: stored.items.map((row) => ({
      ...names.item(row.itemId),
      globalFilter: names.filter(row.globalFilter),
      searches: row.searches,
      zeroResults: row.zeroResults,
    })),
    partners: partnersOf(site, locale ?? DEFAULT_LOCALE, stored.partners),
    positions: stored.positions.map(({ position, clicks }) => ({
      position,
      clicks,
      rate: found <= 0 ? 0 : clicks / found,
    })),
  };
}
