/**
 * A site's partners as an import file: the inverse of `readImportFile` (and of its
 * `csvRecordToRow`), so an export imports back unchanged. JSON is an array of rows, one row
 * per line (a problem's line is then its row's); CSV has a column per field and per locale
 * of each text (`title.fr-FR`), lists separated by `|`. A field added to the row must be
 * added to `csvRecordToRow` and here.
 */
import { stringify } from 'csv-stringify/sync';
import * as z from 'zod';
import { DEFAULT_LOCALE } from '../store/DirectoryData';
import type { StoredPartner } from '../store/SiteRecords';

/** `?format=` of an export. */
export const exportFormatSchema = z.enum(['csv', 'json']).default('json');

export type ExportFormat = z.infer<typeof exportFormatSchema>;

/** One partner as a row of the JSON import format, every field of its record kept. */
export function toExportRow(partner: StoredPartner): Record<string, unknown> {
  const { record } = partner;
  return {
    slug: partner.slug,
    ...record,
    locations: record.locations ?? [],
    position: partner.position,
  };
}

/** The CSV header for a site's locales: en-US texts in `title` and `summary`. */
export function csvColumns(locales: readonly string[]): string[] {
  const others = locales.filter((locale) => locale !== DEFAULT_LOCALE);
  const texts = (field: string) => [field, ...others.map((locale) => `${field}.${locale}`)];
  return [
    'slug',
    ...texts('title'),
    ...texts('summary'),
    'url',
    'imageUrl',
    'position',
    'globalFilters',
    'filterItemIds',
    'contactEmails',
    'contactWebhook',
    // The first location in columns of its own, the others as a JSON array (readImportFile).
    'city',
    'country',
    'latitude',
    'longitude',
    'label',
    'locations',
  ];
}

/** A partner's locations as CSV columns: the first one's own, the rest as a JSON array. */
function locationColumns(
  locations: NonNullable<StoredPartner['record']['locations']>,
): Record<string, string> {
  const [first, ...rest] = locations;
  if (!first) return {};
  return {
    city: first.city,
    country: first.country,
    latitude: String(first.latitude),
    longitude: String(first.longitude),
    label: first.label ?? '',
    locations: rest.length > 0 ? JSON.stringify(rest) : '',
  };
}

function csvRecord(partner: StoredPartner, columns: readonly string[]): string[] {
  const { record } = partner;
  const values: Record<string, string> = {
    slug: partner.slug,
    url: record.url,
    imageUrl: record.imageUrl,
    position: String(partner.position),
    globalFilters: record.globalFilters.join('|'),
    filterItemIds: record.filterItemIds.join('|'),
    contactEmails: record.contact?.emails?.join('|') ?? '',
    contactWebhook: record.contact?.webhook ?? '',
    ...locationColumns(record.locations ?? []),
  };
  for (const [field, texts] of [
    ['title', record.title],
    ['summary', record.summary],
  ] as const) {
    for (const [locale, text] of Object.entries(texts)) {
      values[locale === DEFAULT_LOCALE ? field : `${field}.${locale}`] = text;
    }
  }
  return columns.map((column) => values[column] ?? '');
}

/** The file's first chunk: the CSV header line, or the JSON array's opening. */
export function exportStart(format: ExportFormat, columns: readonly string[]): string {
  return format === 'csv' ? stringify([columns], { bom: false }) : '[';
}

/** A page of partners as the next chunk of the file; `first` when no row came before. */
export function exportChunk(
  format: ExportFormat,
  partners: readonly StoredPartner[],
  columns: readonly string[],
  first: boolean,
): string {
  if (partners.length === 0) return '';
  if (format === 'csv') return stringify(partners.map((partner) => csvRecord(partner, columns)));
  const rows = partners.map((partner) => JSON.stringify(toExportRow(partner)));
  return `${first ? '\n' : ',\n'}${rows.join(',\n')}`;
}

/** The file's last chunk. */
export function exportEnd(format: ExportFormat): string {
  return format === 'csv' ? '' : '\n]\n';
}
