import type { PoolClient } from 'pg';

/** Schema versions, applied in order; schema_migration records each one applied. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE site (
    id serial PRIMARY KEY,
    company_id text NOT NULL,
    scope_group_id text NOT NULL,
    -- filter groups, items, global filters, locales (store/SiteRecords)
    definitions jsonb NOT NULL,
    -- raised by every write of the site under its row lock, so in commit order
    version integer NOT NULL DEFAULT 0,
    UNIQUE (company_id, scope_group_id)
  );
  CREATE TABLE partner (
    id serial PRIMARY KEY,
    site_id integer NOT NULL REFERENCES site (id),
    slug text NOT NULL,
    position integer NOT NULL,
    -- one row of the import format (store/SiteRecords)
    record jsonb NOT NULL,
    UNIQUE (site_id, slug)
  );
  CREATE INDEX partner_by_position ON partner (site_id, position, id);
  `,
  // 2: what changed after a version, so a server applies a change without loading the
  // whole site: each partner row carries the version that wrote it, each removal leaves
  // its id and version. Removals older than changes_from are no longer kept.
  `
  ALTER TABLE partner ADD COLUMN version integer NOT NULL DEFAULT 0;
  CREATE INDEX partner_by_version ON partner (site_id, version);
  CREATE TABLE partner_removed (
    site_id integer NOT NULL REFERENCES site (id),
    partner_id integer NOT NULL,
    version integer NOT NULL
  );
  CREATE INDEX partner_removed_by_version ON partner_removed (site_id, version);
  ALTER TABLE site ADD COLUMN changes_from integer NOT NULL DEFAULT 0;
  UPDATE site SET changes_from = version;
  `,
  // 3: a site's search tuning (store/SiteRecords, StoredTuning): synonyms and rules that
  // pin or hide partners for a query, written with the site's version like its partners.
  `
  ALTER TABLE site ADD COLUMN tuning jsonb NOT NULL DEFAULT '{"synonymSets":[],"queryRules":[]}';
  `,
  // 4: the outbox of contact requests (issue 26, store/ContactOutbox.ts): each request is
  // written when accepted and settled by a worker (claimed with FOR UPDATE SKIP LOCKED); the
  // secret signs proof-of-work challenges, shared by every server. Times in ms since the epoch.
  `
  CREATE TABLE contact_request (
    id bigserial PRIMARY KEY,
    company_id text NOT NULL,
    scope_group_id text NOT NULL,
    partner_slug text NOT NULL,
    partner_title text NOT NULL,
    channel text NOT NULL,
    name text NOT NULL,
    email text NOT NULL,
    company text,
    message text NOT NULL,
    locale text NOT NULL,
    idempotency_key text NOT NULL,
    proof_key text NOT NULL UNIQUE,
    status text NOT NULL,
    attempts integer NOT NULL,
    next_attempt_at bigint,
    lease_until bigint,
    claim_token text,
    last_error text,
    received_at bigint NOT NULL,
    finished_at bigint,
    UNIQUE (company_id, scope_group_id, idempotency_key)
  );
  CREATE INDEX contact_request_due ON contact_request (status, next_attempt_at);
  CREATE INDEX contact_request_by_site ON contact_request (company_id, scope_group_id, id);
  CREATE INDEX contact_request_settled ON contact_request (finished_at);
  CREATE TABLE contact_secret (id integer PRIMARY KEY CHECK (id = 1), secret text NOT NULL);
  `,
  // 5: search counts (store/StatsStore): per site, UTC day, locale and normalized text,
  // never anything of a visitor; rows of days older than 13 months are deleted on flush.
  `
  CREATE TABLE search_count (
    company_id text NOT NULL,
    scope_group_id text NOT NULL,
    day date NOT NULL,
    locale text NOT NULL,
    text text NOT NULL,
    redacted boolean NOT NULL,
    global_filter text NOT NULL,
    -- JSON array of the sorted filter item ids
    item_ids text NOT NULL,
    searches integer NOT NULL,
    zero_results integer NOT NULL,
    PRIMARY KEY (company_id, scope_group_id, day, locale, text, redacted, global_filter, item_ids)
  );
  CREATE INDEX search_count_by_day ON search_count (day);
  CREATE TABLE click_count (
    company_id text NOT NULL,
    scope_group_id text NOT NULL,
    day date NOT NULL,
    locale text NOT NULL,
    text text NOT NULL,
    redacted boolean NOT NULL,
    partner_id integer NOT NULL,
    position integer NOT NULL,
    clicks integer NOT NULL,
    PRIMARY KEY (company_id, scope_group_id, day, locale, text, redacted, partner_id, position)
  );
  CREATE INDEX click_count_by_day ON click_count (day);
  `,
];

/** Any constant shared by every server of this application: the key of its migration lock. */
export const MIGRATION_LOCK = 7_310_011;

/**
 * Applies the missing migrations, each in its own transaction, while holding a
 * session advisory lock: a second server starting at the same time waits, then finds
 * nothing left to do. Returns the versions it applied.
 */
export async function migrate(client: PoolClient): Promise<number[]> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await client.query(
      `CREATE TABLE IF NOT EXISTS schema_migration (
         version integer PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const result = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM schema_migration',
    );
    const current = result.rows[0]?.version ?? 0;
    if (current > MIGRATIONS.length) {
      throw new Error(
        `database schema version ${current} is newer than this server knows (${MIGRATIONS.length})`,
      );
    }
    const applied: number[] = [];
    for (let version = current; version < MIGRATIONS.length; version += 1) {
      const sql = MIGRATIONS[version];
      if (sql === undefined) continue;
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migration (version) VALUES ($1)', [version + 1]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
      applied.push(version + 1);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}
