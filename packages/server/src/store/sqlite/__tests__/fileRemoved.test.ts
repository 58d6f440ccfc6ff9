/**
 * The SQLite file removed under a running server (a clean-up script, a volume remounted):
 * searches go on from memory, /readyz says DEGRADED, and an edit or a contact request gets
 * a 503 instead of being written into a file nobody will open again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { problemSchema } from '@partners-network/contract';
import type { ContactApp } from '../../../contact/__tests__/contactApp';
import {
  ADMIN_TOKEN,
  MAIL_PARTNER,
  SCOPE,
  startContactApp,
} from '../../../contact/__tests__/contactApp';
import {
  contactBody,
  postContact,
  searchFirstPage,
} from '../../../contact/__tests__/contactClient';

const folder = mkdtempSync(join(tmpdir(), 'pn-sqlite-gone-'));
const databasePath = join(folder, 'partners.db');
let server: ContactApp;

beforeAll(async () => {
  server = await startContactApp({ settings: {}, folder });
  server.store.startFollowing();
});

afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

async function searchTitles(): Promise<string[]> {
  const response = await searchFirstPage(server.base, SCOPE);
  expect(response.status).toBe(200);
  const answer: unknown = await response.json();
  const partners =
    typeof answer === 'object' && answer !== null && 'partners' in answer ? answer.partners : [];
  return Array.isArray(partners) ? partners.map((partner) => String(partner.title)) : [];
}

async function readyStatus(): Promise<unknown> {
  const body: unknown = await (await fetch(`${server.base}/readyz`)).json();
  return typeof body === 'object' && body !== null && 'status' in body ? body.status : undefined;
}

it('answers searches from memory, says DEGRADED and refuses writes with a 503', async () => {
  const before = await searchTitles();
  expect(before).toHaveLength(3);
  expect(await readyStatus()).toBe('UP');
  // The contact form's proof is asked for while the file is still there.
  const body = await contactBody(server.base, SCOPE);

  for (const suffix of ['', '-wal', '-shm']) rmSync(`${databasePath}${suffix}`, { force: true });

  await expect.poll(readyStatus, { timeout: 5000 }).toBe('DEGRADED');
  expect(await searchTitles()).toEqual(before);

  const edit = await fetch(
    `${server.base}/o/preferred-partners/v1/${SCOPE.companyId}/${SCOPE.scopeGroupId}/partners/${MAIL_PARTNER}`,
    { method: 'DELETE', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } },
  );
  expect(edit.status).toBe(503);
  expect(problemSchema.parse(await edit.json()).title).toContain('nothing was changed');
  expect(await searchTitles()).toEqual(before);

  const contact = await postContact(server.base, SCOPE, MAIL_PARTNER, body);
  expect(contact.status).toBe(503);
  expect(problemSchema.parse(await contact.json()).title).toMatch(/not available/);
});
