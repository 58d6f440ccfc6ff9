/**
 * Where the console is, as the address's fragment (`#/sites/20097/20121/partners?q=cloud`),
 * so a reload or a shared link opens the same view. Never the token: it is not in any
 * address. Pure: parse and format, no browser.
 */
import type { PartnerSort, Scope } from '@partners-network/contract';
import { PARTNER_SORTS } from '@partners-network/contract';

export interface ListState {
  q: string;
  sort: PartnerSort;
  order: 'asc' | 'desc';
  /** From 1. */
  page: number;
}

/** The Insights view's choices; '' for each: its default (the last 30 days, every language). */
export interface InsightsState {
  from: string;
  to: string;
  locale: string;
  /** The public page's address its links open; '': this server's own page (/). */
  page: string;
}

export const DEFAULT_INSIGHTS: InsightsState = { from: '', to: '', locale: '', page: '' };

/** Each view of the console. */
export type Route =
  | { view: 'home' }
  | { view: 'partners'; site: Scope; list: ListState }
  | { view: 'newPartner'; site: Scope }
  | { view: 'editPartner'; site: Scope; slug: string }
  | { view: 'import'; site: Scope }
  | { view: 'tuning'; site: Scope }
  | { view: 'insights'; site: Scope; insights: InsightsState };

export type SiteView = Exclude<Route, { view: 'home' }>['view'];

export const DEFAULT_LIST: ListState = { q: '', sort: 'position', order: 'asc', page: 1 };

function isSort(value: string | null): value is PartnerSort {
  return PARTNER_SORTS.some((sort) => sort === value);
}

function readList(params: URLSearchParams): ListState {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    sort: isSort(sort) ? sort : DEFAULT_LIST.sort,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function readInsights(params: URLSearchParams): InsightsState {
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    from: day('from'),
    to: day('to'),
    locale: (params.get('locale') ?? '').slice(0, 64),
    page: (params.get('page') ?? '').slice(0, 2000),
  };
}

function decode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/** The route of a fragment (`#/…`); anything unknown is home. */
export function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?');
  const parts = path
    .split('/')
    .filter((part) => part !== '')
    .map(decode);
  if (parts.some((part) => part === undefined) || parts[0] !== 'sites') return { view: 'home' };
  const [, companyId, scopeGroupId, section, slug, extra] = parts;
  if (!companyId || !scopeGroupId || extra !== undefined) return { view: 'home' };
  const site = { companyId, scopeGroupId };
  if (section === 'partners' && slug === undefined) {
    return { view: 'partners', site, list: readList(new URLSearchParams(query)) };
  }
  if (section === 'partners' && slug === 'new') return { view: 'newPartner', site };
  if (section === 'partners' && slug) return { view: 'editPartner', site, slug };
  if (section === 'import' && slug === undefined) return { view: 'import', site };
  if (section === 'tuning' && slug === undefined) return { view: 'tuning', site };
  if (section === 'insights' && slug === undefined) {
    return { view: 'insights', site, insights: readInsights(new URLSearchParams(query)) };
  }
  return { view: 'home' };
}

function sitePath(site: Scope): string {
  return `#/sites/${encodeURIComponent(site.companyId)}/${encodeURIComponent(site.scopeGroupId)}`;
}

/** The fragment of a route; the list's defaults are left out. */
export function formatRoute(route: Route): string {
  switch (route.view) {
    case 'home':
      return '#/';
    case 'partners': {
      const params = new URLSearchParams();
      const { q, sort, order, page } = route.list;
      if (q !== '') params.set('q', q);
      if (sort !== DEFAULT_LIST.sort) params.set('sort', sort);
      if (order !== DEFAULT_LIST.order) params.set('order', order);
      if (page !== 1) params.set('page', String(page));
      const query = params.toString();
      return `${sitePath(route.site)}/partners${query === '' ? '' : `?${query}`}`;
    }
    case 'newPartner':
      return `${sitePath(route.site)}/partners/new`;
    case 'editPartner':
      return `${sitePath(route.site)}/partners/${encodeURIComponent(route.slug)}`;
    case 'import':
      return `${sitePath(route.site)}/import`;
    case 'tuning':
      return `${sitePath(route.site)}/tuning`;
    case 'insights': {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(route.insights)) {
        if (value !== '') params.set(name, value);
      }
      const query = params.toString();
      return `${sitePath(route.site)}/insights${query === '' ? '' : `?${query}`}`;
    }
  }
}
