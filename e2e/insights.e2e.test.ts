/**
 * Issue 27, what is counted: searches on the demo page (some that find nothing) and a card
 * opened reach the operator's insights after a flush, through the admin API; the page
 * keeps nothing of its own for it (no cookie but the portal's, no storage).
 */
import { describe, expect, it } from 'vitest';
import type { SentSearch } from './support/searchCalls';
import { openWithFirstSearch, recordSearches, searchAnswerTo } from './support/searchCalls';
import { usePortal } from './support/usePortal';

const TOKEN = 'insights-e2e-token';
const portal = usePortal({ adminTokens: [TOKEN] });

function field(data: unknown, name: string): unknown {
  return typeof data === 'object' && data !== null ? Reflect.get(data, name) : undefined;
}

function entries(data: unknown, name: string): unknown[] {
  const value = field(data, name);
  if (!Array.isArray(value)) throw new Error(`${name} is not a list`);
  return value;
}

/** The admin API's insights of today, as an operator's console reads them. */
async function readInsights(): Promise<unknown> {
  const day = new Date().toISOString().slice(0, 10);
  const response = await fetch(
    `${portal.url}/o/preferred-partners/v1/20097/20121/insights?from=${day}&to=${day}`,
    { headers: { authorization: `Bearer ${TOKEN}` } },
  );
  expect(response.status).toBe(200);
  return response.json();
}

/** First pages sent with this text (what the server counts: a Load More is not one). */
function firstPages(sent: readonly SentSearch[], text: string): number {
  return sent.filter((search) => search.text.trim().toLowerCase() === text && search.offset === 0)
    .length;
}

describe('insights', () => {
  it('counts searches made on the page and a card opened, and shows them after a flush', async () => {
    const recorded: SentSearch[][] = [];
    const visit = () =>
      openWithFirstSearch(portal, '/#/search', {
        beforeNavigate: (page) => void recorded.push(recordSearches(page)),
      });
    for (let visitor = 0; visitor < 3; visitor += 1) {
      const { page, searchPage } = await visit();
      await searchAnswerTo(page, () => searchPage.searchFor('Cloud'));
      const { answer } = await searchAnswerTo(page, () => searchPage.searchFor('zzqxv'));
      expect(answer.totalFound).toBe(0);
    }
    const { page, searchPage } = await visit();
    const { answer } = await searchAnswerTo(page, () => searchPage.searchFor('cloud'));
    const opened = answer.partners[1];
    if (!opened) throw new Error('cloud finds fewer than 2 partners');
    const [beacon] = await Promise.all([
      page.waitForRequest((request) => request.url().endsWith('/clicks')),
      searchPage.openCard(opened.title),
    ]);
    expect(JSON.parse(beacon.postData() ?? 'null')).toMatchObject({ position: 2 });
    // Nothing of the visitor is kept in the browser for it: no storage, only the portal's cookie.
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
    const cookies = await page.context().cookies();
    expect(cookies.map((cookie) => cookie.name)).toEqual(['XSRF-TOKEN']);

    // The beacon leaves with the page: wait until the server has counted it, then flush.
    await expect.poll(() => portal.demo.counting?.figures().counting?.clicksCounted).toBe(1);
    await portal.demo.counting?.flush();
    const insights = await readInsights();

    const sent = recorded.flat();
    expect(firstPages(sent, 'cloud')).toBeGreaterThanOrEqual(4);
    const top = entries(insights, 'topSearches');
    expect(top).toContainEqual({
      text: 'cloud',
      searches: firstPages(sent, 'cloud'),
      zeroResults: 0,
      clicks: 1,
    });
    expect(top).toContainEqual({
      text: 'zzqxv',
      searches: firstPages(sent, 'zzqxv'),
      zeroResults: firstPages(sent, 'zzqxv'),
      clicks: 0,
    });
    expect(entries(insights, 'zeroResultSearches')).toContainEqual(
      expect.objectContaining({ text: 'zzqxv', filterItems: [], searches: 3 }),
    );
    expect(entries(insights, 'partners')).toEqual([
      expect.objectContaining({ title: opened.title, clicks: 1, slug: expect.any(String) }),
    ]);
    expect(entries(insights, 'positions')).toEqual([
      expect.objectContaining({ position: 2, clicks: 1 }),
    ]);
    const totals = field(insights, 'totals');
    expect(field(totals, 'searches')).toBe(sent.filter((search) => search.offset === 0).length);
    expect(field(totals, 'zeroResults')).toBe(firstPages(sent, 'zzqxv'));
  });
});
