/**
 * The contact outbox in PostgreSQL (store/ContactOutbox.ts), for several servers on one
 * database: a pool of its own (few connections: requests are rare), migrated like the
 * source. Workers claim with `FOR UPDATE SKIP LOCKED`: each due row goes to exactly one
 * of them, and the claim's lease and token keep a late worker from settling a row another
 * has taken since.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import * as z from 'zod';
import type { Scope } from '@partners-network/contract';
import type { ContactOutbox, ContactPage, NewContactRequest } from '../ContactOutbox';
import {
  CONTACT_COLUMNS,
  INSERT_COLUMNS,
  insertValues,
  listConditions,
  settlementValues,
  toClaimedRequest,
  toContactRecord,
} from '../ContactOutbox';
import { SourceUnavailableError } from '../PartnerSource';
import { openPool } from './openPool';

export interface PostgresOutboxOptions {
  connectionString: string;
  /** Most pooled connections (default 3). */
  poolSize?: number;
}

const idSchema = z.object({ id: z.coerce.number() });
const countSchema = z.object({ count: z.coerce.number() });
const secretSchema = z.object({ secret: z.string() });

const placeholders = (count: number, from = 1) =>
  Array.from({ length: count }, (_, index) => `$${index + from}`).join(', ');

export async function openOutbox(options: PostgresOutboxOptions): Promise<ContactOutbox> {
  const pool = await openPool(options.connectionString, options.poolSize ?? 3);

  /** A database that does not answer is a SourceUnavailableError (503 for a visitor). */
  async function query(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
    try {
      return await pool.query(text, values);
    } catch (error) {
      if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
        // An SQL error (constraint, syntax): a bug or a conflict, not an outage. Classes 08
        // (connection), 53 (resources) and 57 (operator intervention: a shutdown) are outages.
        if (/^[0-9A-Z]{5}$/.test(error.code) && !/^(08|53|57)/.test(error.code)) throw error;
      }
      throw new SourceUnavailableError(error);
    }
  }

  const insertCount = INSERT_COLUMNS.split(',').length;

  async function accept(request: NewContactRequest) {
    // One statement, its own transaction: written whole or not at all. A concurrent insert
    // of the same key waits for the other to commit, then finds it below.
    const written = await query(
      `INSERT INTO contact_request (${INSERT_COLUMNS}) VALUES (${placeholders(insertCount)})
       ON CONFLICT DO NOTHING RETURNING id`,
      insertValues(request),
    );
    const row = written.rows[0];
    if (row !== undefined) return { outcome: 'accepted' as const, id: idSchema.parse(row).id };
    const seen = await query(
      `SELECT id FROM contact_request
       WHERE company_id = $1 AND scope_group_id = $2 AND idempotency_key = $3`,
      [request.scope.companyId, request.scope.scopeGroupId, request.idempotencyKey],
    );
    const found = seen.rows[0];
    return found === undefined
      ? { outcome: 'proof-used' as const }
      : { outcome: 'repeated' as const, id: idSchema.parse(found).id };
  }

  const outbox: ContactOutbox = {
    accept,
    async claim(now, leaseMs, limit) {
      const claimed = await query(
        `UPDATE contact_request
         SET status = 'sending', lease_until = $1, claim_token = $2, attempts = attempts + 1
         WHERE id IN (
           SELECT id FROM contact_request
           WHERE (status = 'waiting' AND next_attempt_at <= $3)
              OR (status = 'sending' AND lease_until <= $3)
           ORDER BY id LIMIT $4
           FOR UPDATE SKIP LOCKED)
         RETURNING ${CONTACT_COLUMNS}`,
        [now + leaseMs, randomUUID(), now, limit],
      );
      return claimed.rows.map(toClaimedRequest);
    },
    async settle(request, settlement) {
      const result = await query(
        `UPDATE contact_request
         SET status = $1, next_attempt_at = $2, last_error = $3, finished_at = $4,
             lease_until = NULL, claim_token = NULL
         WHERE id = $5 AND claim_token = $6`,
        [...settlementValues(settlement), request.id, request.claimToken],
      );
      return result.rowCount === 1;
    },
    async list(scope: Scope, filter, limit, offset) {
      const { columns, values } = listConditions(scope, filter);
      const where = columns.map((column, index) => `${column} = $${index + 1}`).join(' AND ');
      const total = await query(
        `SELECT count(*) AS count FROM contact_request WHERE ${where}`,
        values,
      );
      const rows = await query(
        `SELECT ${CONTACT_COLUMNS} FROM contact_request WHERE ${where}
         ORDER BY id DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
        [...values, limit, offset],
      );
      const page: ContactPage = {
        total: countSchema.parse(total.rows[0]).count,
        requests: rows.rows.map(toContactRecord),
      };
      return page;
    },
    async get(scope, id) {
      const result = await query(
        `SELECT ${CONTACT_COLUMNS} FROM contact_request
         WHERE company_id = $1 AND scope_group_id = $2 AND id = $3`,
        [scope.companyId, scope.scopeGroupId, id],
      );
      const row: unknown = result.rows[0];
      return row === undefined ? undefined : toContactRecord(row);
    },
    async remove(scope, id) {
      const result = await query(
        `DELETE FROM contact_request WHERE company_id = $1 AND scope_group_id = $2 AND id = $3`,
        [scope.companyId, scope.scopeGroupId, id],
      );
      return result.rowCount === 1;
    },
    async removeSettledBefore(cutoff) {
      const result = await query(
        `DELETE FROM contact_request WHERE status IN ('delivered', 'failed') AND finished_at < $1`,
        [cutoff],
      );
      return result.rowCount ?? 0;
    },
    async countUnsettled() {
      const result = await query(
        `SELECT count(*) AS count FROM contact_request WHERE status IN ('waiting', 'sending')`,
      );
      return countSchema.parse(result.rows[0]).count;
    },
    async sharedSecret() {
      await query(`INSERT INTO contact_secret (id, secret) VALUES (1, $1) ON CONFLICT DO NOTHING`, [
        randomBytes(32).toString('base64url'),
      ]);
      const result = await query(`SELECT secret FROM contact_secret WHERE id = 1`);
      return secretSchema.parse(result.rows[0]).secret;
    },
    async close() {
      await pool.end();
    },
  };
  return outbox;
}
