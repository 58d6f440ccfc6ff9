/**
 * The contact outbox in the SQLite file (store/ContactOutbox.ts): a connection of its own
 * to the same file as the partners (WAL lets it write beside them), migrated like the
 * source. A claim is one UPDATE … RETURNING in a write transaction, and SQLite has one
 * writer at a time, so two workers (two processes on one file) never claim one request.
 */
import { mkdirSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Scope } from '@partners-network/contract';
import type {
  AcceptOutcome,
  ClaimedRequest,
  ContactFilter,
  ContactOutbox,
  ContactPage,
  NewContactRequest,
  Settlement,
} from '../ContactOutbox';
import {
  CONTACT_COLUMNS,
  INSERT_COLUMNS,
  insertValues,
  listConditions,
  settlementValues,
  toClaimedRequest,
  toContactRecord,
} from '../ContactOutbox';
import { fileGuard } from './fileGuard';
import { migrate } from './migrate';

export interface SqliteOutboxOptions {
  /** The file of the partners (its folder is created), or ':memory:' (an outbox of its own). */
  path: string;
}

export function openOutbox(options: SqliteOutboxOptions): ContactOutbox {
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
  const db = new Database(options.path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  // A request accepted into a removed file would be lost: 503 instead (fileGuard.ts).
  const checkFile = fileGuard(options.path);

  const insert = db.prepare<unknown[], { id: number }>(
    `INSERT INTO contact_request (${INSERT_COLUMNS})
     VALUES (${INSERT_COLUMNS.split(',')
       .map(() => '?')
       .join(', ')})
     ON CONFLICT DO NOTHING RETURNING id`,
  );
  const byKey = db.prepare<[string, string, string], { id: number }>(
    `SELECT id FROM contact_request
     WHERE company_id = ? AND scope_group_id = ? AND idempotency_key = ?`,
  );
  const claim = db.prepare<[number, string, number, number, number], unknown>(
    `UPDATE contact_request
     SET status = 'sending', lease_until = ?, claim_token = ?, attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM contact_request
       WHERE (status = 'waiting' AND next_attempt_at <= ?) OR (status = 'sending' AND lease_until <= ?)
       ORDER BY id LIMIT ?)
     RETURNING ${CONTACT_COLUMNS}`,
  );
  const settle = db.prepare(
    `UPDATE contact_request
     SET status = ?, next_attempt_at = ?, last_error = ?, finished_at = ?,
         lease_until = NULL, claim_token = NULL
     WHERE id = ? AND claim_token = ?`,
  );
  const byId = db.prepare<[string, string, number], unknown>(
    `SELECT ${CONTACT_COLUMNS} FROM contact_request
     WHERE company_id = ? AND scope_group_id = ? AND id = ?`,
  );
  const removeOne = db.prepare(
    `DELETE FROM contact_request WHERE company_id = ? AND scope_group_id = ? AND id = ?`,
  );
  const removeSettled = db.prepare(
    `DELETE FROM contact_request WHERE status IN ('delivered', 'failed') AND finished_at < ?`,
  );
  const unsettled = db.prepare<[], { count: number }>(
    `SELECT count(*) AS count FROM contact_request WHERE status IN ('waiting', 'sending')`,
  );
  const keepSecret = db.prepare(
    `INSERT INTO contact_secret (id, secret) VALUES (1, ?) ON CONFLICT DO NOTHING`,
  );
  const readSecret = db.prepare<[], { secret: string }>(
    `SELECT secret FROM contact_secret WHERE id = 1`,
  );

  const acceptOne = db.transaction((request: NewContactRequest): AcceptOutcome => {
    const written = insert.get(...insertValues(request));
    if (written) return { outcome: 'accepted', id: written.id };
    const { companyId, scopeGroupId } = request.scope;
    const seen = byKey.get(companyId, scopeGroupId, request.idempotencyKey);
    return seen ? { outcome: 'repeated', id: seen.id } : { outcome: 'proof-used' };
  });
  const claimSome = db.transaction((now: number, leaseMs: number, limit: number) =>
    claim.all(now + leaseMs, randomUUID(), now, now, limit).map(toClaimedRequest),
  );

  return {
    async accept(request) {
      checkFile();
      return acceptOne.immediate(request);
    },
    async claim(now, leaseMs, limit): Promise<ClaimedRequest[]> {
      return claimSome.immediate(now, leaseMs, limit);
    },
    async settle(request, settlement: Settlement) {
      const changed = settle.run(...settlementValues(settlement), request.id, request.claimToken);
      return changed.changes === 1;
    },
    async list(scope: Scope, filter: ContactFilter, limit: number, offset: number) {
      const { columns, values } = listConditions(scope, filter);
      const where = columns.map((column) => `${column} = ?`).join(' AND ');
      const total = db
        .prepare<string[], { count: number }>(
          `SELECT count(*) AS count FROM contact_request WHERE ${where}`,
        )
        .get(...values);
      const rows = db
        .prepare<unknown[], unknown>(
          `SELECT ${CONTACT_COLUMNS} FROM contact_request WHERE ${where}
           ORDER BY id DESC LIMIT ? OFFSET ?`,
        )
        .all(...values, limit, offset);
      const page: ContactPage = { total: total?.count ?? 0, requests: rows.map(toContactRecord) };
      return page;
    },
    async get(scope, id) {
      const row = byId.get(scope.companyId, scope.scopeGroupId, id);
      return row === undefined ? undefined : toContactRecord(row);
    },
    async remove(scope, id) {
      return removeOne.run(scope.companyId, scope.scopeGroupId, id).changes === 1;
    },
    async removeSettledBefore(cutoff) {
      return removeSettled.run(cutoff).changes;
    },
    async countUnsettled() {
      return unsettled.get()?.count ?? 0;
    },
    async sharedSecret() {
      keepSecret.run(randomBytes(32).toString('base64url'));
      const row = readSecret.get();
      if (!row) throw new Error('the contact secret was not kept');
      return row.secret;
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
