import { parse } from 'csv-parse/sync';
import * as z from 'zod';

/** A row as read from the file, before validation, with the line it is on. */
export interface RawRow {
  line: number;
  value: unknown;
}

export type ImportFile =
  | { kind: 'rows'; rows: RawRow[] }
  /** A whole directory ({"sites": [...]}) as PartnerStore.importDirectory takes it. */
  | { kind: 'directory'; value: unknown };

const csvRecordsSchema = z.array(
  z.object({
    record: z.record(z.string(), z.string()),
    info: z.object({ lines: z.number() }),
  }),
);

const LIST_SEPARATOR = '|';

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Numbers stay strings when they are not numbers, so validation names them. */
function toNumber(text: string): number | string {
  return /^-?\d+$/.test(text) ? Number(text) : text;
}

/** Decimal numbers (coordinates) stay strings when they are not numbers, so validation names them. */
function toDecimal(text: string): number | string {
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

/** The columns of a row's first location; `locations` holds the others as a JSON array. */
const FIRST_LOCATION = ['city', 'country', 'latitude', 'longitude', 'label'];

/**
 * The `locations` column: a JSON array of locations, after the first one's columns. Text
 * that is not JSON stays text, so the row's validation says `locations` must be a list.
 */
function locationsOf(record: Record<string, string>): unknown {
  const first: Record<string, unknown> = {};
  for (const column of FIRST_LOCATION) {
    const value = record[column]?.trim() ?? '';
    if (value === '') continue;
    first[column] = column === 'latitude' || column === 'longitude' ? toDecimal(value) : value;
  }
  const more = record.locations?.trim() ?? '';
  let others: unknown = [];
  if (more !== '') {
    try {
      others = JSON.parse(more);
    } catch {
      others = more;
    }
  }
  const firsts = Object.keys(first).length > 0 ? [first] : [];
  return Array.isArray(others) ? [...firsts, ...others] : others;
}

/** The contact channel gathered so far from a row's columns (both columns: refused later). */
function contactOf(row: Record<string, unknown>): object {
  return typeof row.contact === 'object' && row.contact !== null ? row.contact : {};
}

/** CSV columns into the JSON row shape: title.fr-FR columns become title["fr-FR"]. */
export function csvRecordToRow(record: Record<string, string>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const title: Record<string, string> = {};
  const summary: Record<string, string> = {};
  for (const [column, raw] of Object.entries(record)) {
    const value = raw.trim();
    const localized = /^(title|summary)(?:[.:](.+))?$/.exec(column);
    if (localized) {
      const texts = localized[1] === 'title' ? title : summary;
      if (value !== '') texts[localized[2] ?? 'en-US'] = value;
      continue;
    }
    if (value === '' || FIRST_LOCATION.includes(column) || column === 'locations') continue;
    if (column === 'globalFilters') row.globalFilters = list(value);
    else if (column === 'filterItemIds') row.filterItemIds = list(value).map(toNumber);
    else if (column === 'position') row.position = toNumber(value);
    else if (column === 'contactEmails') row.contact = { ...contactOf(row), emails: list(value) };
    else if (column === 'contactWebhook') row.contact = { ...contactOf(row), webhook: value };
    else row[column] = value;
  }
  row.title = title;
  row.summary = summary;
  row.locations = locationsOf(record);
  if (row.globalFilters === undefined) row.globalFilters = [];
  return row;
}

/** Line (1-based) where each element of a top-level JSON array starts. */
function arrayElementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let expectingElement = false;
  for (const char of text) {
    if (char === '\n') line += 1;
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (/\s/.test(char)) continue;
    if (depth === 1 && expectingElement && char !== ']') {
      lines.push(line);
      expectingElement = false;
    }
    if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      depth += 1;
      if (depth === 1) expectingElement = true;
    } else if (char === ']' || char === '}') depth -= 1;
    else if (char === ',' && depth === 1) expectingElement = true;
  }
  return lines;
}

export class ImportFileError extends Error {}

export function readImportFile(text: string, format: 'json' | 'csv'): ImportFile {
  if (format === 'csv') {
    let parsed: unknown;
    try {
      parsed = parse(text, { columns: true, info: true, skip_empty_lines: true, bom: true });
    } catch (error) {
      throw new ImportFileError(
        `not a valid CSV file: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const records = csvRecordsSchema.parse(parsed);
    return {
      kind: 'rows',
      rows: records.map(({ record, info }) => ({
        line: info.lines,
        value: csvRecordToRow(record),
      })),
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ImportFileError(
      `not a valid JSON file: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (Array.isArray(value)) {
    const lines = arrayElementLines(text);
    return {
      kind: 'rows',
      rows: value.map((element: unknown, index) => ({ line: lines[index] ?? 0, value: element })),
    };
  }
  if (typeof value === 'object' && value !== null && 'sites' in value) {
    return { kind: 'directory', value };
  }
  throw new ImportFileError(
    'a JSON import file is an array of partners, or a directory object with "sites"',
  );
}
