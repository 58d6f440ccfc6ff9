/**
 * An import's dry run: what applying the file would do to the site, and every problem with
 * its row and line, with nothing written. It runs the same checks (`prepareImport`, the
 * directory schema) and the same import rules (`mergeDirectory`, pure) as an import that is
 * applied, over one snapshot of the site as the database holds it now (read as a write
 * would read it), so the two cannot disagree on what they accept.
 */
import { createHash } from 'node:crypto';
import type { ImportProblem, ImportReport, Scope } from '@partners-network/contract';
import { IMPORT_REPORT_MAX_LISTED, IMPORT_REPORT_MAX_PROBLEMS } from '@partners-network/contract';
import type { PreparedImport } from '../../importFile/prepareImport';
import { mergeDirectory } from '../../service/mergeDirectory';
import { directoryDataSchema } from '../../store/DirectoryData';
import type { ImportIssue } from '../../store/DirectoryImportError';
import { DirectoryImportError } from '../../store/DirectoryImportError';
import type { PartnerSource, SiteChange, SiteWriteState } from '../../store/PartnerSource';
import type { PartnerRecord } from '../../store/SiteRecords';
import { emptyDefinitions, emptyTuning } from '../../store/SiteRecords';

/** JSON with keys in order, so a record reads the same from any database (jsonb reorders). */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/** Digest of a partner as stored (position and record): equal means a write changes nothing. */
function digestOf(position: number, record: PartnerRecord): string {
  return createHash('sha1').update(canonicalJson({ position, record })).digest('base64url');
}

interface Snapshot {
  /** The site as an import's transaction would see it. */
  state: SiteWriteState;
  /** The digests of the stored partners the file names. */
  digests: ReadonlyMap<string, string>;
}

/** The site in one snapshot, as a write would read it; an empty new site when there is none. */
async function readSnapshot(
  source: PartnerSource,
  scope: Scope,
  named: ReadonlySet<string>,
): Promise<Snapshot> {
  const found = await source.loadSite(scope, async (head, pages) => {
    const partners = new Map<string, { id: number; position: number }>();
    const digests = new Map<string, string>();
    let maxPosition = -1;
    for await (const page of pages) {
      for (const partner of page) {
        partners.set(partner.slug, { id: partner.id, position: partner.position });
        if (named.has(partner.slug)) {
          digests.set(partner.slug, digestOf(partner.position, partner.record));
        }
        maxPosition = Math.max(maxPosition, partner.position);
      }
    }
    const state: SiteWriteState = {
      scope,
      existed: true,
      definitions: head.definitions,
      tuning: head.tuning,
      partners,
      maxPosition,
    };
    return { state, digests };
  });
  return (
    found ?? {
      state: {
        scope,
        existed: false,
        definitions: emptyDefinitions(),
        tuning: emptyTuning(),
        partners: new Map(),
        maxPosition: -1,
      },
      digests: new Map(),
    }
  );
}

/** The import rules over the file's valid rows: their changes, or the issues they find. */
function merge(
  prepared: PreparedImport,
  state: SiteWriteState,
  replace: boolean,
): { change: SiteChange | undefined; issues: ImportIssue[] } {
  const parsed = directoryDataSchema.safeParse(prepared.data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      path: issue.path.filter((part) => typeof part !== 'symbol'),
      message: issue.message,
    }));
    return { change: undefined, issues };
  }
  try {
    const { changes } = mergeDirectory(parsed.data, [state], { replace });
    return { change: changes[0], issues: [] };
  } catch (error) {
    if (error instanceof DirectoryImportError) return { change: undefined, issues: error.issues };
    throw error;
  }
}

function listed<T>(values: readonly T[]): T[] {
  return values.slice(0, IMPORT_REPORT_MAX_LISTED);
}

/** What importing the prepared file into the site would change; nothing is written. */
export async function planImport(
  source: PartnerSource,
  scope: Scope,
  prepared: PreparedImport,
  mode: 'upsert' | 'replace',
): Promise<ImportReport> {
  const named = new Set(
    prepared.data.sites.flatMap((site) => (site.partners ?? []).map((partner) => partner.slug)),
  );
  const { state, digests } = await readSnapshot(source, scope, named);
  const { change, issues } = merge(prepared, state, mode === 'replace');
  const problems: ImportProblem[] = [...prepared.problems, ...prepared.problemsOf(issues)];
  const empty = {
    mode,
    rows: prepared.rows,
    problems: problems.slice(0, IMPORT_REPORT_MAX_PROBLEMS),
    problemCount: problems.length,
  };
  if (problems.length > 0 || !change) {
    return {
      ...empty,
      added: [],
      addedCount: 0,
      changed: [],
      changedCount: 0,
      unchangedCount: 0,
      removed: [],
      removedCount: 0,
    };
  }
  const added: string[] = [];
  const changed: string[] = [];
  let unchanged = 0;
  for (const upsert of change.upserts) {
    const stored = digests.get(upsert.slug);
    if (stored === undefined) added.push(upsert.slug);
    else if (stored !== digestOf(upsert.position, upsert.record)) changed.push(upsert.slug);
    else unchanged += 1;
  }
  return {
    ...empty,
    added: listed(added),
    addedCount: added.length,
    changed: listed(changed),
    changedCount: changed.length,
    unchangedCount: unchanged,
    removed: listed(change.deletes),
    removedCount: change.deletes.length,
  };
}
