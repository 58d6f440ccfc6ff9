/**
 * The import's checks before anything is written, shared by the CLI (`runImport`) and the
 * admin API's import (applied or dry run): each row of the file checked against the row
 * schema, with its row and line; the valid rows gathered into a directory; and the
 * problems the import rules find later (`DirectoryImportError`) traced back to their rows.
 */
import type { ImportProblem, Scope } from '@partners-network/contract';
import type { DirectoryData } from '../store/DirectoryData';
import { directoryDataSchema } from '../store/DirectoryData';
import type { ImportIssue } from '../store/DirectoryImportError';
import type { ImportRow } from './importRowSchema';
import { importRowSchema } from './importRowSchema';
import type { ImportFile } from './readImportFile';
import { rowsToDirectory } from './rowsToDirectory';

export interface PrepareOptions extends Scope {
  /** Rows and sites must be this company and site (the admin API's address). */
  onlyThisSite?: boolean;
  /** Called after each row checked, with its index and the number of rows. */
  onRow?: (index: number, rows: number) => void;
}

export interface PreparedImport {
  /** The valid rows as a directory (or the directory file itself, once valid). */
  data: DirectoryData;
  /** Rows of the file (partners of a directory file). */
  rows: number;
  /** Rows that broke the row schema (0 for a directory file). */
  badRows: number;
  /** What the file breaks, before the import rules run: nothing can be written. */
  problems: ImportProblem[];
  /** The import rules' issues, each traced to its row and line when it has one. */
  problemsOf(issues: readonly ImportIssue[]): ImportProblem[];
}

const formatField = (path: readonly PropertyKey[]) => path.map((part) => String(part)).join('.');

const OTHER_SITE = 'companyId and scopeGroupId must be those of the address';

function isOtherSite(row: ImportRow, scope: Scope): boolean {
  return (
    (row.companyId !== undefined && row.companyId !== scope.companyId) ||
    (row.scopeGroupId !== undefined && row.scopeGroupId !== scope.scopeGroupId)
  );
}

function prepareDirectory(value: unknown, options: PrepareOptions): PreparedImport {
  const parsed = directoryDataSchema.safeParse(value);
  const problemsOf = (issues: readonly ImportIssue[]) =>
    issues.map((issue) => ({
      row: null,
      line: null,
      field: formatField(issue.path),
      message: issue.message,
    }));
  if (!parsed.success) {
    return {
      data: { sites: [] },
      rows: 0,
      badRows: 0,
      problems: problemsOf(
        parsed.error.issues.map((issue) => ({
          path: issue.path.filter((part) => typeof part !== 'symbol'),
          message: issue.message,
        })),
      ),
      problemsOf,
    };
  }
  const problems: ImportProblem[] = [];
  if (options.onlyThisSite) {
    parsed.data.sites.forEach((site, index) => {
      if (site.companyId !== options.companyId || site.scopeGroupId !== options.scopeGroupId) {
        problems.push({ row: null, line: null, field: `sites.${index}`, message: OTHER_SITE });
      }
    });
  }
  const rows = parsed.data.sites.reduce((sum, site) => sum + site.partners.length, 0);
  return { data: parsed.data, rows, badRows: 0, problems, problemsOf };
}

/** Checks an import file's rows; nothing is read from or written to a database. */
export function prepareImport(file: ImportFile, options: PrepareOptions): PreparedImport {
  if (file.kind === 'directory') return prepareDirectory(file.value, options);
  const valid: { line: number; row: ImportRow; index: number }[] = [];
  const problems: ImportProblem[] = [];
  let badRows = 0;
  file.rows.forEach((raw, index) => {
    const place = { row: index + 1, line: raw.line };
    const parsed = importRowSchema.safeParse(raw.value);
    if (!parsed.success) {
      badRows += 1;
      for (const issue of parsed.error.issues) {
        problems.push({ ...place, field: formatField(issue.path), message: issue.message });
      }
    } else if (options.onlyThisSite && isOtherSite(parsed.data, options)) {
      badRows += 1;
      problems.push({ ...place, field: '', message: OTHER_SITE });
    } else {
      valid.push({ line: raw.line, row: parsed.data, index });
    }
    options.onRow?.(index, file.rows.length);
  });
  const { data, lineOf, indexOf } = rowsToDirectory(valid, options);
  // At an address, a file without rows still names its site: replacing with it empties the site.
  if (options.onlyThisSite && data.sites.length === 0) {
    data.sites.push({ companyId: options.companyId, scopeGroupId: options.scopeGroupId });
  }
  return {
    data,
    rows: file.rows.length,
    badRows,
    problems,
    problemsOf: (issues) =>
      issues.map((issue) => {
        const index = indexOf(issue.path);
        return {
          row: index === undefined ? null : index + 1,
          line: lineOf(issue.path) ?? null,
          // Paths are sites.S.partners.P.field: the field is what the row holds.
          field: formatField(index === undefined ? issue.path : issue.path.slice(4)),
          message: issue.message,
        };
      }),
  };
}

/** A problem as one line of text: `row 3 (line 4): url: url must be …`. */
export function describeImportProblem(problem: ImportProblem): string {
  const place =
    problem.row === null
      ? ''
      : `row ${problem.row}${problem.line === null ? '' : ` (line ${problem.line})`}: `;
  return `${place}${problem.field === '' ? '' : `${problem.field}: `}${problem.message}`;
}
