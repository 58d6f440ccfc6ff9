import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { DirectoryData } from '../store/DirectoryData';
import { directoryDataSchema } from '../store/DirectoryData';
import { DirectoryImportError } from '../store/DirectoryImportError';
import type { PartnerStore } from '../store/PartnerStore';
import type { ImportRow } from '../importFile/importRowSchema';
import { importRowSchema } from '../importFile/importRowSchema';
import { rowsToDirectory } from '../importFile/rowsToDirectory';
import type { RawRow } from '../importFile/readImportFile';
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

function formatPath(path: PropertyKey[]): string {
  return path.map((part) => String(part)).join('.');
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

  if (file.kind === 'directory') {
    const directory = directoryDataSchema.safeParse(file.value);
    if (!directory.success) {
      for (const issue of directory.error.issues)
        log(`${formatPath(issue.path)}: ${issue.message}`);
      log(`${directory.error.issues.length} problem(s): nothing was imported`);
      return 1;
    }
    return importInto(options, log, directory.data, () => undefined, 0);
  }
  const rows = file.rows;
  const progressFrom = options.progressFrom ?? PROGRESS_EVERY;
  const valid: { line: number; row: ImportRow }[] = [];
  let bad = 0;
  rows.forEach((raw: RawRow, index) => {
    const parsed = importRowSchema.safeParse(raw.value);
    if (parsed.success) valid.push({ line: raw.line, row: parsed.data });
    else {
      bad += 1;
      for (const issue of parsed.error.issues) {
        const field = formatPath(issue.path);
        log(`line ${raw.line}: ${field === '' ? '' : `${field}: `}${issue.message}`);
      }
    }
    if (rows.length >= progressFrom && (index + 1) % PROGRESS_EVERY === 0) {
      log(`checked ${index + 1} of ${rows.length} rows`);
    }
  });
  if (bad > 0) {
    log(`${bad} bad row(s) of ${rows.length}: nothing was imported`);
    return 1;
  }
  const { data, lineOf } = rowsToDirectory(valid, options);
  return importInto(options, log, data, lineOf, rows.length);
}

async function importInto(
  options: RunImportOptions,
  log: (line: string) => void,
  data: DirectoryData,
  lineOf: (path: (string | number)[]) => number | undefined,
  rowCount: number,
): Promise<number> {
  const progressFrom = options.progressFrom ?? PROGRESS_EVERY;
  try {
    const summary = await options.store.importDirectory(data, {
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
    return 0;
  } catch (error) {
    if (!(error instanceof DirectoryImportError)) throw error;
    for (const issue of error.issues) {
      const line = lineOf(issue.path);
      log(`${line === undefined ? formatPath(issue.path) : `line ${line}`}: ${issue.message}`);
    }
    if (await options.store.isEmpty()) {
      log(`the database has no site yet: start the server once to seed it, or import a directory`);
    }
    log(
      `${error.issues.length} problem(s)${rowCount > 0 ? ` in ${rowCount} rows` : ''}: nothing was imported`,
    );
    return 1;
  }
}
