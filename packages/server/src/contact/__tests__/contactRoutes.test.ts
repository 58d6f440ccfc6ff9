/**
 * Contacting a partner over real HTTP, with a real SQLite file, a real SMTP server and a
 * real https webhook: what a visitor, a partner and an operator would notice.
 */
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contactChallengePath } from '@partners-network/contract';
import type { ContactApp } from './contactApp';
import {
  HOOK_PARTNER,
  MAIL_ADDRESSES,
  MAIL_PARTNER,
  QUIET_PARTNER,
  SCOPE,
  adminFetch,
  startContactApp,
} from './contactApp';
import { contactBody, postContact, searchFirstPage, solvedProof } from './contactClient';
import type { SmtpSink } from './smtpSink';
import { createSmtpSink } from './smtpSink';
import type { WebhookReceiver } from './webhookReceiver';
import { createWebhookReceiver } from './webhookReceiver';

let sink: SmtpSink;
let hook: WebhookReceiver;
let server: ContactApp;

beforeAll(async () => {
  sink = await createSmtpSink();
  hook = await createWebhookReceiver();
  server = await startContactApp({ settings: { smtpUrl: sink.url }, webhookUrl: hook.url });
}, 30_000);

afterAll(async () => {
  await server?.close();
  await sink?.stop();
  await hook?.close();
});

afterEach(() => {
  sink.mails.splice(0);
  hook.calls.splice(0);
  hook.answer = 204;
});

async function listRequests(query = '') {
  const response = await adminFetch(server.base, `/contact-requests${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    total: number;
    requests: { id: number; status: string; message: string; attempts: number }[];
  };
}

async function problemOf(response: Response) {
  return { status: response.status, body: (await response.json()) as { title: string } };
}

/** Lets the worker run a few rounds: what it would deliver has arrived by then. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

describe('the form', () => {
  it('gives a challenge, the privacy notice and the rules; 404 for an unknown site', async () => {
    const response = await fetch(`${server.base}${contactChallengePath(SCOPE)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({
      challenge: { parameters: { algorithm: 'PBKDF2/SHA-256' } },
      privacyNoticeUrl: '/privacy',
      retentionDays: 90,
      waitSeconds: 0,
    });
    const unknown = await fetch(
      `${server.base}${contactChallengePath({ companyId: '1', scopeGroupId: '2' })}`,
    );
    expect(unknown.status).toBe(404);
  });

  it('shows the Contact action only for partners with a channel, never the channel', async () => {
    const response = await searchFirstPage(server.base, SCOPE);
    const text = await response.text();
    expect(text).not.toContain('lisboa.example');
    expect(text).not.toContain(hook.url);
    const answer = JSON.parse(text) as { partners: { title: string; contact?: unknown }[] };
    expect(answer.partners.map((partner) => [partner.title, partner.contact])).toEqual([
      ['Lisboa Dados Lda.', { slug: MAIL_PARTNER }],
      ['Zürich Hooks AG', { slug: HOOK_PARTNER }],
      ['Quiet GmbH', undefined],
    ]);
  });
});

describe('a request by mail', () => {
  it("reaches every partner address, from the server, with Reply-To the visitor's", async () => {
    const body = await contactBody(server.base, SCOPE, {
      message: 'Olá!\nWe need a data platform for 40 stores.\n.\nThanks',
    });
    const response = await postContact(server.base, SCOPE, MAIL_PARTNER, body);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ received: true });
    const [mail] = await sink.waitFor(1);
    if (!mail) throw new Error('no mail');
    expect(mail.envelopeTo.sort()).toEqual([...MAIL_ADDRESSES].sort());
    expect(mail.parsed.subject).toBe(
      'Contact request from the partner directory: Lisboa Dados Lda.',
    );
    expect(mail.parsed.replyTo?.value.map((address) => address.address)).toEqual([
      'ana@visitor.example',
    ]);
    expect(mail.parsed.from?.value[0]?.address).toBe('directory@acme.example');
    expect(mail.parsed.html).toBe(false);
    expect(mail.parsed.text).toContain('Olá!\nWe need a data platform for 40 stores.\n.\nThanks');
    expect(mail.parsed.text).toContain('Company: Lisboa Dados');
    expect(mail.parsed.headers.get('content-type')).toMatchObject({ value: 'text/plain' });
    const page = await listRequests(`?partner=${MAIL_PARTNER}&status=delivered`);
    expect(page.total).toBe(1);
  });

  it('is one request when the same form is sent twice', async () => {
    const body = await contactBody(server.base, SCOPE);
    const [first, second] = await Promise.all([
      postContact(server.base, SCOPE, MAIL_PARTNER, body),
      postContact(server.base, SCOPE, MAIL_PARTNER, body),
    ]);
    expect([first.status, second.status]).toEqual([202, 202]);
    const third = await postContact(server.base, SCOPE, MAIL_PARTNER, body);
    expect(third.status).toBe(202);
    await sink.waitFor(1);
    await settle();
    expect(sink.mails.filter((mail) => mail.parsed.text?.includes(body.message))).toHaveLength(1);
  });

  it('never lets a line break reach a header: refused in name, company and email', async () => {
    const attempts = [
      { name: 'Ana\r\nBcc: everyone@victim.example' },
      { name: 'Ana\nSubject: free money' },
      { company: 'Acme\rX-Injected: 1' },
      { email: 'ana@visitor.example\r\nBcc: everyone@victim.example' },
      { email: 'ana@visitor.example\nCc: x@victim.example' },
      { email: '"ana"@visitor.example' },
      { name: 'Ana\u0000' },
    ];
    for (const attempt of attempts) {
      const response = await postContact(
        server.base,
        SCOPE,
        MAIL_PARTNER,
        await contactBody(server.base, SCOPE, attempt),
      );
      const { status, body } = await problemOf(response);
      expect(status, JSON.stringify(attempt)).toBe(400);
      expect(body.title).toMatch(/^(name|company|email) /);
    }
    // In the message a header line is only text of the body.
    const response = await postContact(
      server.base,
      SCOPE,
      MAIL_PARTNER,
      await contactBody(server.base, SCOPE, {
        message: 'Hi\r\nBcc: everyone@victim.example\r\n\r\nSubject: x',
      }),
    );
    expect(response.status).toBe(202);
    const [mail] = await sink.waitFor(1);
    await settle();
    expect(sink.mails).toHaveLength(1);
    expect(mail?.envelopeTo.sort()).toEqual([...MAIL_ADDRESSES].sort());
    expect(mail?.parsed.bcc).toBeUndefined();
    expect(mail?.parsed.cc).toBeUndefined();
    expect(mail?.parsed.subject).toBe(
      'Contact request from the partner directory: Lisboa Dados Lda.',
    );
    expect(mail?.parsed.headers.has('x-injected')).toBe(false);
    expect(mail?.parsed.text).toContain('Bcc: everyone@victim.example');
  });

  it('names the field and the rule of a bad request', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '' }, /^name is required/],
      [{ name: 'a'.repeat(101) }, /^name is longer than 100 characters/],
      [{ email: 'not-an-address' }, /^email must be an email address/],
      [{ message: '   ' }, /^message is required/],
      [{ message: 'x'.repeat(2001) }, /^message is longer than 2000 characters/],
      [{ consent: false }, /^consent must be true/],
      [{ idempotencyKey: 'short' }, /^idempotencyKey must be 16 to 64/],
      [{ proof: undefined }, /^proof is required/],
    ];
    for (const [change, title] of cases) {
      const body = { ...(await contactBody(server.base, SCOPE)), ...change };
      const { status, body: problem } = await problemOf(
        await postContact(server.base, SCOPE, MAIL_PARTNER, body),
      );
      expect(status, JSON.stringify(change)).toBe(400);
      expect(problem.title).toMatch(title);
    }
    expect((await listRequests()).requests.every((request) => request.status !== 'waiting')).toBe(
      true,
    );
  });

  it('403 without the anti-forgery token, 404 for a partner without channel or unknown', async () => {
    const body = await contactBody(server.base, SCOPE);
    const forged = await postContact(server.base, SCOPE, MAIL_PARTNER, body, {
      'content-type': 'application/json',
      cookie: 'XSRF-TOKEN=a',
      'x-xsrf-token': 'b',
    });
    expect(forged.status).toBe(403);
    for (const slug of [QUIET_PARTNER, 'nobody-here', 'Not A Slug']) {
      const response = await postContact(server.base, SCOPE, slug, body);
      expect(response.status, slug).toBe(404);
    }
    const otherSite = await postContact(
      server.base,
      { companyId: '20097', scopeGroupId: '99999' },
      MAIL_PARTNER,
      body,
    );
    expect(otherSite.status).toBe(404);
    await settle();
    expect(sink.mails).toEqual([]);
  });
});

describe('spam', () => {
  it('gives a bot that fills the honeypot the same answer, and keeps and sends nothing', async () => {
    const before = (await listRequests()).total;
    const body = await contactBody(server.base, SCOPE, { website: 'https://cheap-pills.example' });
    const response = await postContact(server.base, SCOPE, MAIL_PARTNER, body);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ received: true });
    await settle();
    expect(sink.mails).toEqual([]);
    expect((await listRequests()).total).toBe(before);
    const metrics = await (await fetch(`${server.base}/metrics`)).text();
    expect(metrics).toMatch(/pn_contact_requests_refused_total\{reason="honeypot"\} [1-9]/);
  });

  it('refuses a missing, forged, reused or expired proof of work', async () => {
    const proof = await solvedProof(server.base, SCOPE);
    const forgedKey = {
      ...proof,
      solution: {
        ...proof.solution,
        derivedKey: proof.solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0')),
      },
    };
    const forgedCost = {
      ...proof,
      challenge: {
        ...proof.challenge,
        parameters: { ...proof.challenge.parameters, cost: 1 },
      },
    };
    for (const bad of [forgedKey, forgedCost]) {
      const response = await postContact(
        server.base,
        SCOPE,
        MAIL_PARTNER,
        await contactBody(server.base, SCOPE, { proof: bad }),
      );
      const { status, body } = await problemOf(response);
      expect(status).toBe(400);
      expect(body.title).toMatch(/^proof must solve a challenge/);
    }
    const used = await postContact(
      server.base,
      SCOPE,
      MAIL_PARTNER,
      await contactBody(server.base, SCOPE, { proof }),
    );
    expect(used.status).toBe(202);
    const reused = await postContact(
      server.base,
      SCOPE,
      MAIL_PARTNER,
      await contactBody(server.base, SCOPE, { proof }),
    );
    expect((await problemOf(reused)).body.title).toMatch(/^proof was already used/);
    const expired = {
      ...proof,
      challenge: {
        ...proof.challenge,
        parameters: { ...proof.challenge.parameters, expiresAt: 1_000_000 },
      },
    };
    const old = await postContact(
      server.base,
      SCOPE,
      MAIL_PARTNER,
      await contactBody(server.base, SCOPE, { proof: expired }),
    );
    expect(old.status).toBe(400);
    await sink.waitFor(1);
    await settle();
    expect(sink.mails).toHaveLength(1);
  });

  it('refuses a form sent sooner than the least time after it opened, and past the limit', async () => {
    const strict = await startContactApp({
      settings: { smtpUrl: sink.url, waitSeconds: 5, limitPerHour: 2 },
    });
    try {
      const body = await contactBody(strict.base, SCOPE);
      const soon = await postContact(strict.base, SCOPE, MAIL_PARTNER, body);
      expect(await problemOf(soon)).toEqual({
        status: 400,
        body: {
          status: 'BAD_REQUEST',
          title: 'the form was sent too soon after it opened: wait at least 5 s',
        },
      });
      strict.advance(5_000);
      expect((await postContact(strict.base, SCOPE, MAIL_PARTNER, body)).status).toBe(202);
      const third = await postContact(strict.base, SCOPE, MAIL_PARTNER, body);
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await problemOf(third)).body.title).toMatch(/at most 2 an hour/);
      await sink.waitFor(1);
    } finally {
      await strict.close();
    }
  });
});

describe('a request by webhook', () => {
  it('is posted signed (HMAC-SHA256 of timestamp and body), once, and retried after a 503', async () => {
    hook.answer = 503;
    const body = await contactBody(server.base, SCOPE, { company: '' });
    expect((await postContact(server.base, SCOPE, HOOK_PARTNER, body)).status).toBe(202);
    await expect.poll(() => hook.calls.length).toBeGreaterThanOrEqual(1);
    hook.answer = 204;
    await expect.poll(() => hook.calls.length, { timeout: 10_000 }).toBe(2);
    await settle();
    expect(hook.calls).toHaveLength(2);
    const call = hook.calls[1];
    if (!call) throw new Error('no call');
    const timestamp = String(call.headers['x-partners-network-timestamp']);
    const expected = `sha256=${createHmac('sha256', 'whsec-test').update(`${timestamp}.${call.body}`).digest('hex')}`;
    expect(call.headers['x-partners-network-signature']).toBe(expected);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const payload = JSON.parse(call.body) as Record<string, unknown>;
    expect(payload).toMatchObject({
      partner: { slug: HOOK_PARTNER, title: 'Zürich Hooks AG' },
      visitor: { name: 'Ana Lúcia', email: 'ana@visitor.example', company: null },
      message: body.message,
      locale: 'pt-BR',
    });
    expect(call.body).not.toContain('https://localhost');
    expect(hook.calls[0]?.headers['x-partners-network-delivery']).toBe(
      call.headers['x-partners-network-delivery'],
    );
  });

  it('gives up at once when the webhook refuses for good (410)', async () => {
    hook.answer = 410;
    expect(
      (await postContact(server.base, SCOPE, HOOK_PARTNER, await contactBody(server.base, SCOPE)))
        .status,
    ).toBe(202);
    await expect
      .poll(async () => (await listRequests(`?partner=${HOOK_PARTNER}&status=failed`)).total)
      .toBe(1);
    const [failed] = (await listRequests(`?partner=${HOOK_PARTNER}&status=failed`)).requests;
    expect(failed?.attempts).toBe(1);
  });
});

describe('when the mail server is away', () => {
  it('waits, retries, and delivers once it is back', async () => {
    await sink.stop();
    try {
      const body = await contactBody(server.base, SCOPE);
      expect((await postContact(server.base, SCOPE, MAIL_PARTNER, body)).status).toBe(202);
      await expect
        .poll(async () => {
          const page = await listRequests(`?partner=${MAIL_PARTNER}&status=waiting`);
          return page.requests.find((request) => request.message === body.message)?.attempts ?? 0;
        })
        .toBeGreaterThanOrEqual(1);
    } finally {
      await sink.start();
    }
    const mails = await sink.waitFor(1, 20_000);
    await settle();
    expect(mails).toHaveLength(1);
    expect(sink.mails).toHaveLength(1);
  });
});
