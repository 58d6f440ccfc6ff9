/**
 * An import's dry run: what applying the file would do to the site, and every problem with
 * its row and line, with nothing written. It runs the same checks (`prepareImport`, the
 * directory schema) and the same import rules (`mergeDirectory`, pure) as an import that is
 * applied, over the site as the database holds it now (the roster), so the two cannot
 * disagree on what they accept.
 */
import type { ImportProblem, ImportReport, Scope } from '@partners-network/contract';
import { IMPORT_REPORT_MAX_LISTED, IMPORT_REPORT_MAX_PROBLEMS } from '@partners-network/contract';
import type { PreparedImport } from '../../importFile/prepareImport';
import { mergeDirectory } from '../../service/mergeDirectory';
import { directoryDataSchema } from '../../store/DirectoryData';
import type { ImportIssue } from '../../store/DirectoryImportError';
import { DirectoryImportError } from '../../store/DirectoryImportError';
import type { SiteChange, SiteWriteState } from '../../store/PartnerSource';
import { emptyDefinitions, emptyTuning } from '../../store/SiteRecords';
import type { PartnerRoster, RosterSite } from './PartnerRoster';
import { fingerprintOf } from './PartnerRoster';

function stateOf(scope: Scope, site: RosterSite | undefined): SiteWriteState {
  if (!site) {
    return {
      scope,
      existed: false,
      definitions: emptyDefinitions(),
      tuning: emptyTuning(),
      partners: new Map(),
      maxPosition: -1,
    };
  }
  return {
    scope,
    existed: true,
    definitions: site.definitions,
    tuning: site.tuning,
    partners: new Map(
      [...site.bySlug].map(([slug, partner]) => [
        slug,
        { id: partner.id, position: partner.position },
      ]),
    ),
    maxPosition: site.maxPosition,
  };
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
  roster: PartnerRoster,
  scope: Scope,
  prepared: PreparedImport,
  mode: 'upsert' | 'replace',
): Promise<ImportReport> {
  const site = await roster.read(scope);
  const state = stateOf(scope, site);
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
    const current = site?.bySlug.get(upsert.slug);
    if (!current) added.push(upsert.slug);
    else if (current.fingerprint !== fingerprintOf(upsert.position, upsert.record)) {
      changed.push(upsert.slug);
    } else unchanged += 1;
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
