import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { ImportProblem } from '@partners-network/contract';
import { DirectoryImportError } from '../store/DirectoryImportError';
import type { ImportSummary, PartnerStore } from '../store/PartnerStore';
import type { PreparedImport } from '../importFile/prepareImport';
import { prepareImport } from '../importFile/prepareImport';
import { ImportFileError, readImportFile } from '../importFile/readImportFile';

export interface RunImportOptions {
  file: string;
  store: PartnerStore;
  /** Company and site for rows that do not name theirs. */
  companyId: string;
  scopeGroupId: string;
  /** Progress and problems; default process.stderr. */
  log?: (line: string) => void;
  /** Show progress from this many rows on. */
  progressFrom?: number;
  /** Also remove the partners of each site in the file that the file does not name. */
  replace?: boolean;
}

const PROGRESS_EVERY = 10_000;

/** The CLI's way of naming a problem: by its line when it has one, else by its path. */
function describeProblem(problem: ImportProblem, withField: boolean): string {
  if (problem.line === null) return `${problem.field}: ${problem.message}`;
  const field = withField && problem.field !== '' ? `${problem.field}: ` : '';
  return `line ${problem.line}: ${field}${problem.message}`;
}

/**
 * Loads a JSON or CSV file of partners into the store, all or nothing. Returns the
 * exit code: 0 when imported, 1 when the file was refused (each bad row is logged
 * with its line and reason, and nothing changed).
 */
export async function runImport(options: RunImportOptions): Promise<number> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const format = extname(options.file).toLowerCase() === '.csv' ? 'csv' : 'json';
  let file;
  try {
    file = readImportFile(await readFile(options.file, 'utf8'), format);
  } catch (error) {
    if (error instanceof ImportFileError || error instanceof Error) {
      log(`${options.file}: ${error.message}`);
      return 1;
    }
    throw error;
  }
  const progressFrom = options.progressFrom ?? PROGRESS_EVERY;
  const prepared = prepareImport(file, {
    companyId: options.companyId,
    scopeGroupId: options.scopeGroupId,
    onRow: (index, rows) => {
      if (rows >= progressFrom && (index + 1) % PROGRESS_EVERY === 0) {
        log(`checked ${index + 1} of ${rows} rows`);
      }
    },
  });
  if (prepared.problems.length > 0) {
    for (const problem of prepared.problems) log(describeProblem(problem, true));
    log(
      file.kind === 'directory'
        ? `${prepared.problems.length} problem(s): nothing was imported`
        : `${prepared.badRows} bad row(s) of ${prepared.rows}: nothing was imported`,
    );
    return 1;
  }
  return importInto(options, log, prepared, file.kind === 'rows' ? prepared.rows : 0);
}

/** What the gazetteer gave: how many coordinates, and each city of a shared name it chose. */
function reportLocations(
  summary: ImportSummary,
  prepared: PreparedImport,
  log: (line: string) => void,
): void {
  if (summary.locationsLocated !== undefined) {
    log(`took the coordinates of ${summary.locationsLocated} location(s) from the gazetteer`);
  }
  const paths = new Map<string, (string | number)[]>();
  prepared.data.sites.forEach((site, siteIndex) =>
    site.partners?.forEach((partner, partnerIndex) => {
      paths.set(partner.slug, ['sites', siteIndex, 'partners', partnerIndex]);
    }),
  );
  for (const city of summary.ambiguousCities ?? []) {
    const path = [...(paths.get(city.slug) ?? []), 'locations', city.location, 'city'];
    const message =
      `${city.sameName} cities of ${city.country} are named "${city.city}": took the most ` +
      `populous, at ${city.latitude}, ${city.longitude}`;
    for (const problem of prepared.problemsOf([{ path, message }])) {
      log(describeProblem(problem, true));
    }
  }
}

async function importInto(
  options: RunImportOptions,
  log: (line: string) => void,
  prepared: PreparedImport,
  rowCount: number,
): Promise<number> {
  const progressFrom = options.progressFrom ?? PROGRESS_EVERY;
  try {
    const summary = await options.store.importDirectory(prepared.data, {
      replace: options.replace ?? false,
      onProgress: (done, total, phase) => {
        if (total >= progressFrom && (done % PROGRESS_EVERY === 0 || done === total)) {
          log(`${phase === 'partners' ? 'written' : 'indexed'} ${done} of ${total} partners`);
        }
      },
    });
    log(
      `imported ${summary.partnersCreated + summary.partnersUpdated} partner(s): ` +
        `${summary.partnersCreated} new, ${summary.partnersUpdated} updated` +
        (summary.partnersDeleted === undefined ? '' : `, ${summary.partnersDeleted} removed`),
    );
    reportLocations(summary, prepared, log);
    return 0;
  } catch (error) {
    if (!(error instanceof DirectoryImportError)) throw error;
    for (const problem of prepared.problemsOf(error.issues)) log(describeProblem(problem, true));
    if (await options.store.isEmpty()) {
      log(`the database has no site yet: start the server once to seed it, or import a directory`);
    }
    log(
      `${error.issues.length} problem(s)${rowCount > 0 ? ` in ${rowCount} rows` : ''}: nothing was imported`,
    );
    return 1;
  }
}
