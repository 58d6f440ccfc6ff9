import type { Database } from 'better-sqlite3';
import { convertToRecords } from './convertToRecords';

/**
 * Schema versions, applied in order; PRAGMA user_version records the last one applied.
 * SQL text, or a function for a step SQL alone cannot do.
 */
const MIGRATIONS: readonly (string | ((db: Database) => void))[] = [
  `
  CREATE TABLE site (
    id INTEGER PRIMARY KEY,
    company_id TEXT NOT NULL,
    scope_group_id TEXT NOT NULL,
    default_global_filter_id INTEGER,
    -- JSON array of the locales partner documents are built for
    locales TEXT NOT NULL DEFAULT '["en-US"]',
    UNIQUE (company_id, scope_group_id)
  );
  CREATE TABLE global_filter (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES site (id),
    name TEXT NOT NULL,
    position INTEGER NOT NULL,
    -- kept by imports so the first, unfiltered search never counts rows
    partner_count INTEGER NOT NULL DEFAULT 0,
    UNIQUE (site_id, name)
  );
  CREATE TABLE global_filter_label (
    global_filter_id INTEGER NOT NULL REFERENCES global_filter (id),
    locale TEXT NOT NULL,
    label TEXT NOT NULL,
    PRIMARY KEY (global_filter_id, locale)
  ) WITHOUT ROWID;
  CREATE TABLE filter_group (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES site (id),
    key TEXT NOT NULL,
    position INTEGER NOT NULL,
    show_as_category INTEGER NOT NULL DEFAULT 0,
    UNIQUE (site_id, key)
  );
  CREATE TABLE filter_group_name (
    group_id INTEGER NOT NULL REFERENCES filter_group (id),
    locale TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (group_id, locale)
  ) WITHOUT ROWID;
  CREATE TABLE global_filter_group (
    global_filter_id INTEGER NOT NULL REFERENCES global_filter (id),
    position INTEGER NOT NULL,
    group_id INTEGER NOT NULL REFERENCES filter_group (id),
    PRIMARY KEY (global_filter_id, position)
  ) WITHOUT ROWID;
  CREATE TABLE filter_item (
    site_id INTEGER NOT NULL REFERENCES site (id),
    id INTEGER NOT NULL,
    group_id INTEGER NOT NULL REFERENCES filter_group (id),
    position INTEGER NOT NULL,
    PRIMARY KEY (site_id, id)
  ) WITHOUT ROWID;
  CREATE TABLE filter_item_name (
    site_id INTEGER NOT NULL,
    item_id INTEGER NOT NULL,
    locale TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (site_id, item_id, locale)
  ) WITHOUT ROWID;
  CREATE TABLE partner (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES site (id),
    slug TEXT NOT NULL,
    url TEXT NOT NULL,
    image_url TEXT NOT NULL,
    position INTEGER NOT NULL,
    UNIQUE (site_id, slug)
  );
  CREATE TABLE partner_text (
    partner_id INTEGER NOT NULL REFERENCES partner (id),
    locale TEXT NOT NULL,
    title TEXT,
    summary TEXT,
    PRIMARY KEY (partner_id, locale)
  ) WITHOUT ROWID;
  -- The editorial order of a global filter is this primary key: an empty-text search
  -- reads its page straight from the index.
  CREATE TABLE partner_global_filter (
    global_filter_id INTEGER NOT NULL REFERENCES global_filter (id),
    position INTEGER NOT NULL,
    partner_id INTEGER NOT NULL REFERENCES partner (id),
    PRIMARY KEY (global_filter_id, position, partner_id)
  ) WITHOUT ROWID;
  CREATE INDEX partner_global_filter_by_partner
    ON partner_global_filter (partner_id, global_filter_id, position);
  CREATE TABLE partner_item (
    partner_id INTEGER NOT NULL REFERENCES partner (id),
    item_id INTEGER NOT NULL,
    PRIMARY KEY (partner_id, item_id)
  ) WITHOUT ROWID;
  CREATE INDEX partner_item_by_item ON partner_item (item_id, partner_id);
  -- One document per partner and locale with texts already resolved (fallback to
  -- en-US per field), so a search reads one row per card and indexes what it shows.
  CREATE TABLE partner_doc (
    id INTEGER PRIMARY KEY,
    partner_id INTEGER NOT NULL REFERENCES partner (id),
    locale TEXT NOT NULL,
    title TEXT NOT NULL,
    summary TEXT NOT NULL,
    categories TEXT NOT NULL,
    badges TEXT NOT NULL,
    url TEXT NOT NULL,
    image_url TEXT NOT NULL,
    UNIQUE (partner_id, locale)
  );
  CREATE VIRTUAL TABLE partner_fts USING fts5 (
    title, summary, categories,
    content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3'
  );
  `,
  // 2: filters become FTS5 tokens (tags column), so one MATCH applies text, global
  // filter, locale and filter items together; documents are rebuilt on open.
  `
  DROP TABLE partner_fts;
  DELETE FROM partner_doc;
  CREATE VIRTUAL TABLE partner_fts USING fts5 (
    title, summary, categories, tags,
    content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2',
    -- the last search term is always a prefix: these lengths are looked up directly
    prefix = '1 2 3 4 5 6'
  );
  `,
  // 3: search moved to an in-memory index built from partner_doc (search/SiteIndex):
  // the FTS5 table was the slowest part of imports and most of the file.
  `
  DROP TABLE partner_fts;
  `,
  // 4: a site's definitions and each partner become one record each, the same in every
  // database; what searches answer is derived in memory (site/buildSite).
  convertToRecords,
  // 5: what changed after a version, so a server applies a change without loading the
  // whole site: each partner row carries the version that wrote it, each removal leaves
  // its id and version. Removals older than changes_from are no longer kept.
  `
  ALTER TABLE partner ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX partner_by_version ON partner (site_id, version);
  CREATE TABLE partner_removed (
    site_id INTEGER NOT NULL,
    partner_id INTEGER NOT NULL,
    version INTEGER NOT NULL
  );
  CREATE INDEX partner_removed_by_version ON partner_removed (site_id, version);
  ALTER TABLE site ADD COLUMN changes_from INTEGER NOT NULL DEFAULT 0;
  UPDATE site SET changes_from = version;
  `,
  // 6: a site's search tuning (store/SiteRecords, StoredTuning): synonyms and rules that
  // pin or hide partners for a query, written with the site's version like its partners.
  `
  ALTER TABLE site ADD COLUMN tuning TEXT NOT NULL DEFAULT '{"synonymSets":[],"queryRules":[]}';
  `,
  // 7: the outbox of contact requests (issue 26, store/ContactOutbox.ts): each request is
  // written when accepted and settled by a worker; the secret signs proof-of-work challenges.
  `
  CREATE TABLE contact_request (
    id INTEGER PRIMARY KEY,
    company_id TEXT NOT NULL,
    scope_group_id TEXT NOT NULL,
    partner_slug TEXT NOT NULL,
    partner_title TEXT NOT NULL,
    channel TEXT NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    company TEXT,
    message TEXT NOT NULL,
    locale TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    proof_key TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    next_attempt_at INTEGER,
    lease_until INTEGER,
    claim_token TEXT,
    last_error TEXT,
    received_at INTEGER NOT NULL,
    finished_at INTEGER,
    UNIQUE (company_id, scope_group_id, idempotency_key)
  );
  CREATE INDEX contact_request_due ON contact_request (status, next_attempt_at);
  CREATE INDEX contact_request_by_site ON contact_request (company_id, scope_group_id, id);
  CREATE INDEX contact_request_settled ON contact_request (finished_at);
  CREATE TABLE contact_secret (id INTEGER PRIMARY KEY CHECK (id = 1), secret TEXT NOT NULL);
  `,
  // 8: search counts (store/StatsStore): per site, UTC day, locale and normalized text,
  // never anything of a visitor; rows of days older than 13 months are deleted on flush.
  `
  CREATE TABLE search_count (
    company_id TEXT NOT NULL,
    scope_group_id TEXT NOT NULL,
    day TEXT NOT NULL,
    locale TEXT NOT NULL,
    text TEXT NOT NULL,
    redacted INTEGER NOT NULL,
    global_filter TEXT NOT NULL,
    item_ids TEXT NOT NULL,
    searches INTEGER NOT NULL,
    zero_results INTEGER NOT NULL,
    PRIMARY KEY (company_id, scope_group_id, day, locale, text, redacted, global_filter, item_ids)
  ) WITHOUT ROWID;
  CREATE INDEX search_count_by_day ON search_count (day);
  CREATE TABLE click_count (
    company_id TEXT NOT NULL,
    scope_group_id TEXT NOT NULL,
    day TEXT NOT NULL,
    locale TEXT NOT NULL,
    text TEXT NOT NULL,
    redacted INTEGER NOT NULL,
    partner_id INTEGER NOT NULL,
    position INTEGER NOT NULL,
    clicks INTEGER NOT NULL,
    PRIMARY KEY (company_id, scope_group_id, day, locale, text, redacted, partner_id, position)
  ) WITHOUT ROWID;
  CREATE INDEX click_count_by_day ON click_count (day);
  `,
];

export function migrate(db: Database): void {
  const current = Number(db.pragma('user_version', { simple: true }));
  if (current > MIGRATIONS.length) {
    throw new Error(
      `database schema version ${current} is newer than this server knows (${MIGRATIONS.length})`,
    );
  }
  for (let version = current; version < MIGRATIONS.length; version += 1) {
    const step = MIGRATIONS[version];
    if (step === undefined) continue;
    db.transaction(() => {
      if (typeof step === 'string') db.exec(step);
      else step(db);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
