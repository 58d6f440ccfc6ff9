/**
 * Nothing lost across an outage and a restart, with `src/server.ts` as a real process on a
 * real SQLite file and a real SMTP server: the mail server is down, a visitor sends a
 * request, the API server restarts, the mail server comes back: the mail arrives, once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SEED_COMPANY_ID, SEED_SCOPE_GROUP_ID } from '../../seed/generateDirectory';
import type { RunningServer } from '../../__tests__/startServer';
import { startServer } from '../../__tests__/startServer';
import { contactBody, postContact } from './contactClient';
import { createSmtpSink } from './smtpSink';

const SCOPE = { companyId: SEED_COMPANY_ID, scopeGroupId: SEED_SCOPE_GROUP_ID };
const folder = mkdtempSync(join(tmpdir(), 'pn-contact-outage-'));
const running: RunningServer[] = [];

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  rmSync(folder, { recursive: true, force: true });
});

it('delivers a request accepted while the mail server was down, after a restart, once', async () => {
  const sink = await createSmtpSink({ start: false });
  const env = {
    DATABASE_PATH: join(folder, 'partners.db'),
    SEED_PARTNER_COUNT: '30',
    SMTP_URL: sink.url,
    CONTACT_WAIT_SECONDS: '0',
    CONTACT_RETRY_SECONDS: '1',
  };
  const first = await startServer(env);
  running.push(first);
  // The seed's first partner can be contacted (every third one can).
  const search = await fetch(
    `${first.address}/o/preferred-partners/v1/${SCOPE.companyId}/${SCOPE.scopeGroupId}/search`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
      body: JSON.stringify({
        globalFilter: 'solution-partners',
        text: '',
        filterItemIds: [],
        offset: 0,
        resultsPerPage: 10,
      }),
    },
  );
  const answer = (await search.json()) as { partners: { contact?: { slug: string } }[] };
  const slug = answer.partners.find((partner) => partner.contact)?.contact?.slug;
  if (!slug) throw new Error('no contactable partner in the seed');

  const body = await contactBody(first.address, SCOPE, {
    message: 'Sent while the mail server was down.',
  });
  expect((await postContact(first.address, SCOPE, slug, body)).status).toBe(202);
  // The worker tried and failed at least once before the restart.
  await expect
    .poll(() => first.output().includes('contact request not delivered; it waits'), {
      timeout: 10_000,
    })
    .toBe(true);
  expect(await first.stop()).toBe(0);

  const second = await startServer(env);
  running.push(second);
  await sink.start();
  try {
    const [mail] = await sink.waitFor(1, 20_000);
    expect(mail?.envelopeTo).toEqual([`partners@${slug}.example`]);
    expect(mail?.parsed.text).toContain('Sent while the mail server was down.');
    // Time for a second copy, if there were to be one.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(sink.mails).toHaveLength(1);
    // The same form sent again after the restart is still the same request.
    expect((await postContact(second.address, SCOPE, slug, body)).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sink.mails).toHaveLength(1);
  } finally {
    await sink.stop();
  }
}, 90_000);
