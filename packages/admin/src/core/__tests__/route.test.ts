import { describe, expect, it } from 'vitest';
import type { Route } from '../route';
import { DEFAULT_INSIGHTS, DEFAULT_LIST, formatRoute, parseRoute } from '../route';

const site = { companyId: '20097', scopeGroupId: '20121' };

describe('the route in the address', () => {
  it.each<Route>([
    { view: 'home' },
    { view: 'partners', site, list: DEFAULT_LIST },
    { view: 'partners', site, list: { q: 'cloud & co?', sort: 'title', order: 'desc', page: 3 } },
    { view: 'newPartner', site },
    { view: 'editPartner', site, slug: 'lisboa-dados' },
    { view: 'import', site: { companyId: 'a/b', scopeGroupId: 'c d' } },
    { view: 'tuning', site },
    { view: 'insights', site, insights: DEFAULT_INSIGHTS },
    {
      view: 'insights',
      site,
      insights: {
        from: '2026-01-01',
        to: '2026-01-31',
        locale: 'fr-FR',
        page: 'https://portal.example/partners?x=1&y=2',
      },
    },
  ])('reads back what it wrote: %j', (route) => {
    expect(parseRoute(formatRoute(route))).toEqual(route);
  });

  it('leaves the defaults out of the address', () => {
    expect(formatRoute({ view: 'partners', site, list: DEFAULT_LIST })).toBe(
      '#/sites/20097/20121/partners',
    );
  });

  it('reads a broken or unknown address as home, and bad list values as defaults', () => {
    for (const hash of [
      '',
      '#',
      '#/nowhere',
      '#/sites/%E0%A4%A/1/partners',
      '#/sites/1',
      '#/sites/1/2/3/4/5',
    ]) {
      expect(parseRoute(hash)).toEqual({ view: 'home' });
    }
    expect(parseRoute('#/sites/1/2/partners?sort=id&order=up&page=-2')).toEqual({
      view: 'partners',
      site: { companyId: '1', scopeGroupId: '2' },
      list: DEFAULT_LIST,
    });
  });
});
