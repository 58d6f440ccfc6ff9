/**
 * What every contact outbox must do (store/ContactOutbox.ts), run over each database by
 * stores.test.ts. `freshDatabase` makes an empty database and returns a function that
 * opens one more outbox on it: two of them stand for two servers.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContactOutbox, NewContactRequest } from '../ContactOutbox';

const SITE = { companyId: '20097', scopeGroupId: '20121' };
const OTHER_SITE = { companyId: '20097', scopeGroupId: '20122' };
const T0 = Date.UTC(2026, 0, 15, 9, 0, 0);
const DAY = 86_400_000;

let serial = 0;
function request(overrides: Partial<NewContactRequest> = {}): NewContactRequest {
  serial += 1;
  return {
    scope: SITE,
    partnerSlug: 'lisboa-dados',
    partnerTitle: 'Lisboa Dados Lda.',
    channel: { emails: ['sales@lisboa.example'] },
    name: 'Ana Lúcia',
    email: 'ana@example.com',
    company: null,
    message: 'Olá,\nwe need a data platform.',
    locale: 'pt-BR',
    idempotencyKey: `key-${serial}-abcdefghijkl`,
    proofKey: `proof-${serial}`,
    receivedAt: T0,
    ...overrides,
  };
}

export function describeOutboxContract(
  name: string,
  freshDatabase: () => Promise<() => Promise<ContactOutbox>>,
): void {
  describe(`ContactOutbox contract: ${name}`, () => {
    let open: () => Promise<ContactOutbox>;
    let outbox: ContactOutbox;
    const opened: ContactOutbox[] = [];

    beforeEach(async () => {
      open = await freshDatabase();
      outbox = await open();
      opened.push(outbox);
    });
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((each) => each.close()));
    });

    it('accepts a request once per idempotency key and a proof once', async () => {
      const first = request();
      const accepted = await outbox.accept(first);
      expect(accepted.outcome).toBe('accepted');
      const again = await outbox.accept({ ...first, message: 'changed', proofKey: 'other' });
      expect(again).toEqual({
        outcome: 'repeated',
        id: accepted.outcome === 'accepted' ? accepted.id : -1,
      });
      // The same key in another site is another request.
      expect((await outbox.accept({ ...first, scope: OTHER_SITE, proofKey: 'p2' })).outcome).toBe(
        'accepted',
      );
      expect(await outbox.accept(request({ proofKey: first.proofKey }))).toEqual({
        outcome: 'proof-used',
      });
      const page = await outbox.list(SITE, {}, 10, 0);
      expect(page.total).toBe(1);
      expect(page.requests[0]).toMatchObject({
        message: first.message,
        status: 'waiting',
        attempts: 0,
        channel: { emails: ['sales@lisboa.example'] },
        company: null,
      });
    });

    it('gives each due request to one worker, and again once its lease ran out', async () => {
      const other = await open();
      opened.push(other);
      for (let index = 0; index < 6; index++) await outbox.accept(request());
      const [a, b] = await Promise.all([outbox.claim(T0, 60_000, 4), other.claim(T0, 60_000, 4)]);
      const ids = [...a, ...b].map((claimed) => claimed.id);
      expect(ids).toHaveLength(6);
      expect(new Set(ids).size).toBe(6);
      expect(await outbox.claim(T0 + 59_000, 60_000, 10)).toEqual([]);
      // A worker that died: its claims come back after the lease, with a new token.
      const again = await other.claim(T0 + 60_000, 60_000, 10);
      expect(again.map((claimed) => claimed.id).sort()).toEqual([...ids].sort());
      expect(again.every((claimed) => claimed.attempts === 2)).toBe(true);
      const stale = a[0];
      if (!stale) throw new Error('no claim');
      expect(await outbox.settle(stale, { status: 'delivered', at: T0 })).toBe(false);
      const fresh = again.find((claimed) => claimed.id === stale.id);
      if (!fresh) throw new Error('not claimed again');
      expect(await other.settle(fresh, { status: 'delivered', at: T0 + 61_000 })).toBe(true);
      expect(await outbox.get(SITE, stale.id)).toMatchObject({
        status: 'delivered',
        finishedAt: T0 + 61_000,
      });
    });

    it('waits a retry until its time, then gives it again', async () => {
      await outbox.accept(request());
      const [claimed] = await outbox.claim(T0, 60_000, 1);
      if (!claimed) throw new Error('nothing claimed');
      await outbox.settle(claimed, {
        status: 'waiting',
        nextAttemptAt: T0 + 30_000,
        error: 'connect ECONNREFUSED',
      });
      expect(await outbox.countUnsettled()).toBe(1);
      expect(await outbox.claim(T0 + 29_999, 60_000, 1)).toEqual([]);
      const [retry] = await outbox.claim(T0 + 30_000, 60_000, 1);
      expect(retry).toMatchObject({
        id: claimed.id,
        attempts: 2,
        lastError: 'connect ECONNREFUSED',
      });
      if (!retry) throw new Error('no retry');
      await outbox.settle(retry, { status: 'failed', at: T0 + 31_000, error: '550 no such user' });
      expect(await outbox.countUnsettled()).toBe(0);
      expect(await outbox.get(SITE, claimed.id)).toMatchObject({
        status: 'failed',
        lastError: '550 no such user',
      });
    });

    it("lists a site's requests by partner and status, shows and erases one", async () => {
      await outbox.accept(request({ partnerSlug: 'a' }));
      await outbox.accept(request({ partnerSlug: 'b' }));
      await outbox.accept(request({ partnerSlug: 'b', company: 'Acme' }));
      await outbox.accept(request({ scope: OTHER_SITE }));
      const [claimed] = await outbox.claim(T0, 60_000, 1);
      if (!claimed) throw new Error('nothing claimed');
      await outbox.settle(claimed, { status: 'delivered', at: T0 });
      expect((await outbox.list(SITE, {}, 10, 0)).total).toBe(3);
      const onlyB = await outbox.list(SITE, { partnerSlug: 'b' }, 10, 0);
      expect(onlyB.requests.map((each) => each.company)).toEqual(['Acme', null]);
      expect((await outbox.list(SITE, { status: 'delivered' }, 10, 0)).total).toBe(1);
      expect((await outbox.list(SITE, {}, 1, 1)).requests).toHaveLength(1);
      const other = (await outbox.list(OTHER_SITE, {}, 10, 0)).requests[0];
      if (!other) throw new Error('no request in the other site');
      expect(await outbox.get(SITE, other.id)).toBeUndefined();
      expect(await outbox.remove(SITE, other.id)).toBe(false);
      expect(await outbox.remove(OTHER_SITE, other.id)).toBe(true);
      expect(await outbox.get(OTHER_SITE, other.id)).toBeUndefined();
    });

    it('deletes settled requests older than the cutoff, never unsettled ones', async () => {
      for (let index = 0; index < 3; index++)
        await outbox.accept(request({ receivedAt: T0 - 100 * DAY }));
      const claimed = await outbox.claim(T0, 60_000, 2);
      const [old, recent] = claimed;
      if (!old || !recent) throw new Error('nothing claimed');
      await outbox.settle(old, { status: 'delivered', at: T0 - 91 * DAY });
      await outbox.settle(recent, { status: 'failed', at: T0 - 89 * DAY, error: 'x' });
      expect(await outbox.removeSettledBefore(T0 - 90 * DAY)).toBe(1);
      const left = (await outbox.list(SITE, {}, 10, 0)).requests.map((each) => each.id);
      expect(left).not.toContain(old.id);
      expect(left).toContain(recent.id);
      expect(left).toHaveLength(2);
    });

    it('keeps one shared secret for every server on the database', async () => {
      const other = await open();
      opened.push(other);
      const [a, b] = await Promise.all([outbox.sharedSecret(), other.sharedSecret()]);
      expect(a).toBe(b);
      expect(a.length).toBeGreaterThanOrEqual(40);
      expect(await outbox.sharedSecret()).toBe(a);
    });
  });
}
