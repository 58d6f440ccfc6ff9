/**
 * The process's gazetteer: built once from the GeoNames export (about 3 s of CPU) and kept
 * on disk beside the installed packages (`node_modules/.cache/partners-network/`), so the
 * next process reads it in a few hundred milliseconds. The cache file is named after the
 * export's size and time and this format's version: a new package version builds a new one.
 * A cache that cannot be read or written is only slower, never wrong.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { buildGazetteer } from './buildGazetteer';
import { Gazetteer } from './Gazetteer';
import type { GazetteerParts } from './GazetteerParts';
import { geoNamesFilePath, readGeoNamesFile } from './readGeoNames';

/** Raised when the parts' layout or the rules that build them change. */
const FORMAT = 4;

function isParts(value: unknown): value is GazetteerParts {
  return (
    typeof value === 'object' &&
    value !== null &&
    'ids' in value &&
    value.ids instanceof Int32Array &&
    'letters' in value &&
    Array.isArray(value.letters) &&
    'names' in value &&
    value.names instanceof Uint8Array
  );
}

/** `.../node_modules/.cache/partners-network/gazetteer-…` for the export at `source`. */
export function gazetteerCachePath(source: string): string | undefined {
  const folders = source.split(sep);
  const modules = folders.lastIndexOf('node_modules');
  if (modules < 0) return undefined;
  const { size, mtimeMs } = statSync(source);
  return join(
    folders.slice(0, modules + 1).join(sep),
    '.cache',
    'partners-network',
    `gazetteer-${FORMAT}-${size}-${Math.round(mtimeMs)}.v8`,
  );
}

/**
 * The parts with each array in a buffer of its own size: V8 gives deserialized arrays
 * buffers twice as large in all (28 MB for 14 MB of arrays).
 */
function compact(parts: GazetteerParts): GazetteerParts {
  return {
    ...parts,
    ids: parts.ids.slice(),
    latitudes: parts.latitudes.slice(),
    longitudes: parts.longitudes.slice(),
    populations: parts.populations.slice(),
    countries: parts.countries.slice(),
    names: parts.names.slice(),
    nameStarts: parts.nameStarts.slice(),
    letters: parts.letters.map((letter) => ({
      ...letter,
      offsets: letter.offsets.slice(),
      postings: letter.postings.slice(),
      shared: letter.shared.slice(),
      nextShorter: letter.nextShorter.slice(),
    })),
  };
}

function readCache(path: string | undefined): GazetteerParts | undefined {
  if (!path) return undefined;
  try {
    const value: unknown = deserialize(readFileSync(path));
    return isParts(value) ? compact(value) : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(path: string | undefined, parts: GazetteerParts): void {
  if (!path) return;
  try {
    mkdirSync(dirname(path), { recursive: true });
    // Written aside, then renamed: processes building at once never read half a file.
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, serialize(parts));
    renameSync(partial, path);
  } catch {
    // A read-only install: every process builds its own.
  }
}

/** The gazetteer's parts from the cache, or built from the export and cached. */
export function loadGazetteerParts(source = geoNamesFilePath()): GazetteerParts {
  const cachePath = gazetteerCachePath(source);
  const cached = readCache(cachePath);
  if (cached) return cached;
  const parts = buildGazetteer(readGeoNamesFile(source));
  writeCache(cachePath, parts);
  return parts;
}

/** Reads the gazetteer from the cache, or builds it from the export and caches it. */
export function loadGazetteer(source = geoNamesFilePath()): Gazetteer {
  return new Gazetteer(loadGazetteerParts(source));
}

let shared: Gazetteer | undefined;

/**
 * The gazetteer of this process, loaded on first use. A server calls it before it listens
 * (`server.ts`), so no visitor's request waits for it.
 */
export function gazetteer(): Gazetteer {
  shared ??= loadGazetteer();
  return shared;
}
