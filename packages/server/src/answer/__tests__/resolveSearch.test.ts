import { describe, expect, it } from 'vitest';
import { buildSite } from '../../site/buildSite';
import { MAIN } from '../../store/__tests__/storeFixture';
import { resolveSearch } from '../resolveSearch';
import { storedSite } from './storedSite';

const LYON = { latitude: 45.74846, longitude: 4.84671 };

describe('resolveSearch near a point', () => {
  it('echoes the criteria in the wire order, point, sort and radius last, and keys each place apart', async () => {
    const site = await buildSite(storedSite(MAIN), { workerFrom: Infinity });
    const base = {
      globalFilter: site.info.defaultGlobalFilter?.name ?? '',
      text: 'data',
      filterItemIds: [],
      offset: 0,
      resultsPerPage: 10,
    };
    const text = resolveSearch(site.info, base, 'en-US');
    const near = resolveSearch(site.info, { ...base, near: LYON }, 'en-US');
    const within = resolveSearch(site.info, { ...base, near: LYON, radiusKm: 50 }, 'en-US');
    const byDistance = resolveSearch(
      site.info,
      { ...base, text: '', near: LYON, radiusKm: 50 },
      'en-US',
    );
    if (!text || !near || !within || !byDistance) throw new Error('the site has a global filter');
    const echoed = { ...base, globalFilter: text.applied.globalFilter };
    expect(JSON.stringify(text.applied)).toBe(JSON.stringify(echoed));
    expect(JSON.stringify(near.applied)).toBe(
      JSON.stringify({ ...echoed, near: LYON, sort: 'relevance' }),
    );
    expect(JSON.stringify(within.applied)).toBe(
      JSON.stringify({ ...echoed, near: LYON, sort: 'relevance', radiusKm: 50 }),
    );
    expect(text).not.toHaveProperty('near');
    expect(text.order).toBe('relevance');
    expect(near).not.toHaveProperty('radiusKm');
    expect(within.near).toEqual(LYON);
    expect(within.radiusKm).toBe(50);
    expect(byDistance.order).toBe('distance');
    expect(byDistance.applied.sort).toBe('distance');
    const keys = new Set([text.key, near.key, within.key]);
    expect(keys.size).toBe(3);
    expect(resolveSearch(site.info, { ...base, near: LYON }, 'en-US')?.key).toBe(near.key);
  });
});
