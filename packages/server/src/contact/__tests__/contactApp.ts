/**
 * An API server with the contact feature over a real SQLite file, for tests: a small site
 * with a partner reached by mail, one by webhook and one that cannot be contacted; a real
 * SMTP sink and webhook receiver; a clock the test can move.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import type { SearchService } from '../../service/SearchService';
import type { DirectoryData } from '../../store/DirectoryData';
import { openSqliteStore } from '../../service/openStore';
import { openContactOutbox } from '../openContactOutbox';
import { ContactService } from '../ContactService';
import type { ContactSettings } from '../ContactSettings';
import { TEST_CA } from './webhookReceiver';

export const SCOPE = { companyId: '20097', scopeGroupId: '20121' };
export const ADMIN_TOKEN = 'contact-admin-token';
export const MAIL_PARTNER = 'lisboa-dados';
export const MAIL_ADDRESSES = ['sales@lisboa.example', 'ops@lisboa.example'];
export const HOOK_PARTNER = 'zurich-hooks';
export const QUIET_PARTNER = 'quiet-gmbh';
/** A challenge of a few milliseconds: tests check the rules, not the work. */
export const QUICK_PROOF = { cost: 5, minCounter: 5, maxCounter: 10, expiresInMs: 3_600_000 };

function directory(webhookUrl: string): DirectoryData {
  const partner = (slug: string, title: string) => ({
    slug,
    title: { 'en-US': title },
    url: `/partners/${slug}`,
    imageUrl: `/logos/${slug}.svg`,
    globalFilters: ['tech'],
  });
  return {
    sites: [
      {
        ...SCOPE,
        globalFilters: [{ name: 'tech', label: { 'en-US': 'Technology' }, filterGroups: [] }],
        partners: [
          { ...partner(MAIL_PARTNER, 'Lisboa Dados Lda.'), contact: { emails: MAIL_ADDRESSES } },
          { ...partner(HOOK_PARTNER, 'Zürich Hooks AG'), contact: { webhook: webhookUrl } },
          partner(QUIET_PARTNER, 'Quiet GmbH'),
        ],
      },
    ],
  };
}

export interface ContactApp {
  base: string;
  app: FastifyInstance;
  store: SearchService;
  contact: ContactService;
  /** Moves the server's clock (the proof's age, retries, retention). */
  advance(ms: number): void;
  /** Stops the server (the database stays), to start another on it. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export interface ContactAppOptions {
  settings: Partial<ContactSettings>;
  webhookUrl?: string;
  folder?: string;
  pollMs?: number;
}

export async function startContactApp(options: ContactAppOptions): Promise<ContactApp> {
  const folder = options.folder ?? mkdtempSync(join(tmpdir(), 'pn-contact-'));
  const databasePath = join(folder, 'partners.db');
  const store = openSqliteStore({ path: databasePath });
  if (await store.isEmpty()) {
    await store.importDirectory(directory(options.webhookUrl ?? 'https://localhost:9/none'));
  }
  await store.warm();
  let shift = 0;
  const settings: ContactSettings = {
    smtpUrl: undefined,
    from: 'Acme Partner Directory <directory@acme.example>',
    webhookSecret: 'whsec-test',
    privacyNoticeUrl: '/privacy',
    retentionDays: 90,
    limitPerHour: 0,
    waitSeconds: 0,
    retrySeconds: 1,
    maxAttempts: 4,
    ...options.settings,
  };
  const contact = new ContactService({
    outbox: await openContactOutbox({ databasePath }),
    settings,
    partners: store,
    proofRules: QUICK_PROOF,
    webhookCa: TEST_CA,
    now: () => Date.now() + shift,
    pollMs: options.pollMs ?? 50,
  });
  const app = await buildApp({ store, service: store, adminTokens: [ADMIN_TOKEN], contact });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  contact.start();
  const stop = async () => {
    await app.close();
    await contact.close();
    await store.close();
  };
  return {
    base,
    app,
    store,
    contact,
    advance(ms) {
      shift += ms;
    },
    stop,
    async close() {
      await stop();
      if (!options.folder) rmSync(folder, { recursive: true, force: true });
    },
  };
}

export function adminFetch(base: string, path: string, method = 'GET'): Promise<Response> {
  return fetch(`${base}/o/preferred-partners/v1/${SCOPE.companyId}/${SCOPE.scopeGroupId}${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
}
