/**
 * What the operator has of contact requests: the admin API (list, show, erase, CSV), the
 * retention, and `/metrics`; over real HTTP, a real SQLite file and a real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactApp } from './contactApp';
import { MAIL_PARTNER, SCOPE, adminFetch, startContactApp } from './contactApp';
import { contactBody, postContact } from './contactClient';
import type { SmtpSink } from './smtpSink';
import { createSmtpSink } from './smtpSink';

const DAY = 86_400_000;
let sink: SmtpSink;
let server: ContactApp;

interface RequestView {
  id: number;
  status: string;
  name: string;
  message: string;
  partner: { slug: string; title: string };
  settledAt: string | null;
}

beforeAll(async () => {
  sink = await createSmtpSink();
  server = await startContactApp({ settings: { smtpUrl: sink.url, retentionDays: 90 } });
}, 30_000);

afterAll(async () => {
  await server?.close();
  await sink?.stop();
});

async function send(overrides: Parameters<typeof contactBody>[2] = {}) {
  const response = await postContact(
    server.base,
    SCOPE,
    MAIL_PARTNER,
    await contactBody(server.base, SCOPE, overrides),
  );
  expect(response.status).toBe(202);
}

async function list(query = ''): Promise<{ total: number; requests: RequestView[] }> {
  const response = await adminFetch(server.base, `/contact-requests${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { total: number; requests: RequestView[] };
}

describe('the admin API of contact requests', () => {
  it('needs the admin token', async () => {
    const response = await fetch(
      `${server.base}/o/preferred-partners/v1/${SCOPE.companyId}/${SCOPE.scopeGroupId}/contact-requests`,
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('lists, shows, exports and erases', async () => {
    await send({ name: 'Bea', message: '=HYPERLINK("http://evil.example")' });
    await send({ name: 'Carl', company: 'Carl & Co; "quoted"' });
    await sink.waitFor(2);
    await expect.poll(async () => (await list('?status=delivered')).total).toBe(2);
    const page = await list(`?partner=${MAIL_PARTNER}&limit=1`);
    expect(page.total).toBe(2);
    expect(page.requests.map((request) => request.name)).toEqual(['Carl']);
    const carl = page.requests[0];
    if (!carl) throw new Error('no request');
    expect(carl.partner).toEqual({ slug: MAIL_PARTNER, title: 'Lisboa Dados Lda.' });
    const one = await adminFetch(server.base, `/contact-requests/${carl.id}`);
    expect(await one.json()).toMatchObject({ id: carl.id, status: 'delivered', name: 'Carl' });

    const csv = await adminFetch(server.base, '/contact-requests.csv');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await csv.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,receivedAt,status,partner,name,email,company,message,locale,attempts,lastError,settledAt',
    );
    expect(lines).toHaveLength(3);
    // A formula is text in a spreadsheet; quotes and commas are quoted.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(text).toContain('"Carl & Co; ""quoted"""');

    expect((await adminFetch(server.base, `/contact-requests/${carl.id}`, 'DELETE')).status).toBe(
      204,
    );
    expect((await adminFetch(server.base, `/contact-requests/${carl.id}`)).status).toBe(404);
    expect((await adminFetch(server.base, `/contact-requests/${carl.id}`, 'DELETE')).status).toBe(
      404,
    );
    expect((await list()).total).toBe(1);
  });

  it('refuses a bad filter, naming it', async () => {
    const bad = await adminFetch(server.base, '/contact-requests?status=lost&limit=0');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { title: string }).title).toBe(
      'status must be one of waiting, sending, delivered, failed; limit must be from 1 to 500',
    );
    const unknownSite = await fetch(`${server.base}/o/preferred-partners/v1/1/2/contact-requests`, {
      headers: { authorization: 'Bearer contact-admin-token' },
    });
    expect(unknownSite.status).toBe(404);
  });
});

describe('retention', () => {
  it('deletes delivered requests older than CONTACT_RETENTION_DAYS, keeps the rest', async () => {
    const before = (await list()).requests.map((request) => request.id);
    expect(before.length).toBeGreaterThan(0);
    server.advance(91 * DAY);
    await send({ name: 'Dora' });
    await sink.waitFor(3);
    await expect
      .poll(async () => (await list()).requests.map((request) => request.name), {
        timeout: 10_000,
      })
      .toEqual(['Dora']);
    await expect.poll(async () => (await list('?status=delivered')).total).toBe(1);
  });
});

describe('/metrics', () => {
  it('counts received, delivered, failed and waiting requests', async () => {
    const metrics = await (await fetch(`${server.base}/metrics`)).text();
    expect(metrics).toMatch(/^pn_contact_requests_received_total 3$/m);
    expect(metrics).toMatch(/^pn_contact_requests_delivered_total\{channel="mail"\} 3$/m);
    expect(metrics).toMatch(/^# TYPE pn_contact_requests_failed_total counter$/m);
    expect(metrics).toMatch(/^pn_contact_requests_waiting 0$/m);
  });
});
