/**
 * Locations: the distance structure of the server (search/PartnerLocations) beside the
 * well-kept libraries for the job (kdbush with geokdbush) and a brute-force haversine scan,
 * at 1k, 10k and 100k partners of one to three locations each; and the places suggestions
 * (geo/suggestPlaces) on the GeoNames gazetteer. All in process, on the same data.
 */
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import type { GeoPoint, SiteLocation, SiteLocations } from '@partners-network/server';
import {
  Bitset,
  SEED_CITIES,
  SiteLocationsBuilder,
  cityKeyOf,
  gazetteer,
  generateDirectory,
  haversineKm,
  suggestPlaces,
} from '@partners-network/server';
import { log } from '../lib/environment';
import { gc } from '../lib/gc';
import type { Figure, Section } from '../lib/figures';
import { figure } from '../lib/figures';
import { percentile, seededRandom, summarize } from '../lib/stats';

const MB = 1024 * 1024;
const QUERIES = 200;
const FIRST = 10;
const RADIUS_KM = 50;
const NEAR_RADIUS_KM = 100;

/** The generated directory's partners' locations, each moved up to 30 km: offices, not city halls. */
export function partnersOf(size: number): SiteLocation[][] {
  const random = seededRandom(size);
  const site = generateDirectory({ partnerCount: size, secondSite: false }).sites[0];
  return (site?.partners ?? []).map((partner) =>
    (partner.locations ?? []).map((location) => {
      const latitude = (location.latitude ?? 0) + (random() - 0.5) * 0.54;
      const spread = 0.54 / Math.max(0.2, Math.cos((latitude * Math.PI) / 180));
      return {
        city: location.city,
        country: location.country,
        latitude: Math.max(-90, Math.min(90, latitude)),
        longitude: (location.longitude ?? 0) + (random() - 0.5) * spread,
      };
    }),
  );
}

/** Where visitors are: near the directory's cities (four in five), or anywhere. */
function pointsOf(seed: number): GeoPoint[] {
  const random = seededRandom(seed);
  const cities = [...SEED_CITIES.values()].flat();
  return Array.from({ length: QUERIES }, () => {
    if (random() < 0.2) return { latitude: random() * 140 - 70, longitude: random() * 360 - 180 };
    const [, , latitude, longitude] = cities[Math.floor(random() * cities.length)] ?? [];
    return {
      latitude: (latitude ?? 0) + (random() - 0.5) * 2,
      longitude: (longitude ?? 0) + (random() - 0.5) * 2,
    };
  });
}

function subset(size: number, share: number, seed: number): Bitset {
  const random = seededRandom(seed);
  const set = new Bitset(size);
  for (let ordinal = 0; ordinal < size; ordinal += 1) if (random() < share) set.add(ordinal);
  return set;
}

interface Engine {
  name: string;
  nearest(point: GeoPoint, among: Bitset, radiusKm?: number): number[];
  within(point: GeoPoint, radiusKm: number): Bitset;
}

/** geokdbush's best-first search over a kdbush tree: its first 3N locations hold N partners. */
function geokdbushEngine(partners: readonly SiteLocation[][]): {
  engine: Engine;
  buildMs: number;
  bytes: number;
} {
  const owners: number[] = [];
  const started = performance.now();
  const count = partners.reduce((sum, own) => sum + own.length, 0);
  const tree = new KDBush(count, 64, Float64Array);
  partners.forEach((own, ordinal) => {
    for (const location of own) {
      tree.add(location.longitude, location.latitude);
      owners.push(ordinal);
    }
  });
  tree.finish();
  const buildMs = performance.now() - started;
  const engine: Engine = {
    name: 'kdbush + geokdbush',
    nearest(point, among, radiusKm) {
      const ids = around(
        tree,
        point.longitude,
        point.latitude,
        FIRST * 3,
        radiusKm ?? Infinity,
        (id) => among.has(owners[id] ?? -1),
      );
      const found: number[] = [];
      for (const id of ids) {
        const owner = owners[id] ?? -1;
        if (!found.includes(owner)) found.push(owner);
        if (found.length === FIRST) break;
      }
      return found;
    },
    within(point, radiusKm) {
      const set = new Bitset(partners.length);
      for (const id of around(tree, point.longitude, point.latitude, Infinity, radiusKm)) {
        set.add(owners[id] ?? 0);
      }
      return set;
    },
  };
  return { engine, buildMs, bytes: tree.data.byteLength + owners.length * 4 };
}

/** Every location of every candidate, haversine by haversine. */
function bruteEngine(partners: readonly SiteLocation[][], locations: SiteLocations): Engine {
  return {
    name: 'brute-force haversine scan',
    nearest(point, among, radiusKm) {
      const found = locations.scan(
        point,
        FIRST,
        among.and(locations.located()),
        radiusKm === undefined ? Infinity : Math.sin(radiusKm / 6371 / 2) ** 2,
      );
      return Array.from(found.ordinals);
    },
    within(point, radiusKm) {
      const set = new Bitset(partners.length);
      partners.forEach((own, ordinal) => {
        for (const location of own) {
          if (
            haversineKm(point.latitude, point.longitude, location.latitude, location.longitude) <=
            radiusKm
          ) {
            set.add(ordinal);
            break;
          }
        }
      });
      return set;
    },
  };
}

function oursEngine(locations: SiteLocations): Engine {
  return {
    name: 'ours',
    nearest: (point, among, radiusKm) =>
      Array.from(
        locations.nearest(point, FIRST, radiusKm === undefined ? { among } : { among, radiusKm })
          .ordinals,
      ),
    within: (point, radiusKm) => locations.within(point, radiusKm),
  };
}

function walkEngine(locations: SiteLocations): Engine {
  return {
    name: 'ours, always the tree search',
    nearest: (point, among, radiusKm) =>
      Array.from(
        locations.walk(
          point,
          FIRST,
          among.and(locations.located()),
          radiusKm === undefined ? Infinity : Math.sin(radiusKm / 6371 / 2) ** 2,
        ).ordinals,
      ),
    within: (point, radiusKm) => locations.within(point, radiusKm),
  };
}

/** Each query's fastest of three timings, in ms. */
function time(queries: number, run: (at: number) => void): number[] {
  return Array.from({ length: queries }, (_, at) => {
    let best = Infinity;
    for (let pass = 0; pass < 3; pass += 1) {
      const started = performance.now();
      run(at);
      best = Math.min(best, performance.now() - started);
    }
    return best;
  });
}

interface Operation {
  id: string;
  label: string;
  run: (engine: Engine, point: GeoPoint) => unknown;
  /** The brute-force scan of `within` is the same for every query: timed on a tenth. */
  engines?: (names: string[]) => string[];
}

async function measureDistances(size: number, runs: number, figures: Figure[], notes: string[]) {
  const partners = partnersOf(size);
  const count = partners.reduce((sum, own) => sum + own.length, 0);
  const builds: number[] = [];
  const heaps: number[] = [];
  let locations: SiteLocations | undefined;
  for (let run = 0; run < runs; run += 1) {
    gc();
    const before = process.memoryUsage();
    const started = performance.now();
    const builder = new SiteLocationsBuilder(partners.length);
    partners.forEach((own, ordinal) => builder.add(ordinal, own));
    locations = await builder.build(cityKeyOf);
    builds.push(performance.now() - started);
    gc();
    const after = process.memoryUsage();
    heaps.push((after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / MB);
  }
  if (!locations) throw new Error('no locations built');
  const peer = geokdbushEngine(partners);
  const engines = [
    oursEngine(locations),
    walkEngine(locations),
    peer.engine,
    bruteEngine(partners, locations),
  ];
  const label = `${size / 1000}k partners (${count.toLocaleString('en-US')} locations)`;
  figures.push(
    figure(
      `geo.${size}.build.ours`,
      `${label}: build, ours (kd-tree, cosines, cities)`,
      'ms',
      summarize(builds),
    ),
    figure(
      `geo.${size}.build.geokdbush`,
      `${label}: build, kdbush alone`,
      'ms',
      summarize([peer.buildMs]),
    ),
    figure(`geo.${size}.memory.ours`, `${label}: memory, ours`, 'MB', summarize(heaps)),
    figure(
      `geo.${size}.memory.geokdbush`,
      `${label}: memory, kdbush alone`,
      'MB',
      summarize([peer.bytes / MB]),
    ),
  );
  const points = pointsOf(size + 1);
  const all = locations.located();
  const programme = subset(size, 0.6, 7);
  const few = subset(size, 0.01, 11);
  const operations: Operation[] = [
    {
      id: 'first10',
      label: `first ${FIRST} nearest of all`,
      run: (engine, point) => engine.nearest(point, all),
    },
    {
      id: 'first10.60',
      label: `first ${FIRST} nearest of 60 % (a programme)`,
      run: (engine, point) => engine.nearest(point, programme),
    },
    {
      id: 'first10.1',
      label: `first ${FIRST} nearest of 1 % (a text)`,
      run: (engine, point) => engine.nearest(point, few),
    },
    {
      id: 'first10.60.r100',
      label: `first ${FIRST} of 60 % within ${NEAR_RADIUS_KM} km`,
      run: (engine, point) => engine.nearest(point, programme, NEAR_RADIUS_KM),
    },
    {
      id: 'within50',
      label: `partners within ${RADIUS_KM} km (a Bitset)`,
      run: (engine, point) => engine.within(point, RADIUS_KM),
    },
  ];
  // The same answers from every engine: the figures compare equals.
  for (const point of points.slice(0, 20)) {
    const reference = engines[3]
      ?.nearest(point, programme)
      .map((ordinal) => locations?.distanceOf(ordinal, point));
    const ours = engines[0]
      ?.nearest(point, programme)
      .map((ordinal) => locations?.distanceOf(ordinal, point));
    if (JSON.stringify(reference) !== JSON.stringify(ours)) {
      throw new Error(
        `the distance structure disagrees with the brute-force scan at ${JSON.stringify(point)}`,
      );
    }
  }
  for (const operation of operations) {
    for (const engine of engines) {
      if (operation.id === 'within50' && engine.name === 'ours, always the tree search') continue;
      const p50s: number[] = [];
      const p99s: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const times = time(points.length, (at) =>
          operation.run(engine, points[at] ?? { latitude: 0, longitude: 0 }),
        );
        p50s.push(percentile(times, 50));
        p99s.push(percentile(times, 99));
      }
      const key =
        engine.name === 'ours'
          ? 'ours'
          : engine.name === 'ours, always the tree search'
            ? 'walk'
            : engine.name.startsWith('kdbush')
              ? 'geokdbush'
              : 'brute';
      figures.push(
        figure(
          `geo.${size}.${operation.id}.${key}.p50`,
          `${label}: ${operation.label}, ${engine.name}, p50`,
          'ms',
          summarize(p50s),
        ),
        figure(
          `geo.${size}.${operation.id}.${key}.p99`,
          `${label}: ${operation.label}, ${engine.name}, p99`,
          'ms',
          summarize(p99s),
        ),
      );
    }
    log(`  ${size}: ${operation.label}`);
  }
  notes.push(
    `${label}: ${locations.count.toLocaleString('en-US')} locations in the structure; every engine's first 10 of the 60 % set checked equal to the brute-force scan's on 20 points.`,
  );
  return locations;
}

/** What visitors type: every beginning of real names (in several languages), and typos. */
export function typedTexts(): { text: string; locale: string }[] {
  const names = [
    ...[...SEED_CITIES.values()].flat().map(([city]) => city),
    ...[
      'Mailand',
      'Londres',
      'Lissabon',
      'Genf',
      'Kopenhagen',
      'Köln',
      'Wien',
      'Bâle',
      'Springfield',
      'Saint-Étienne',
    ],
    ...['باريس', 'ليون', 'パリ', '東京', 'ミュンヘン'],
  ];
  const locales = ['en-US', 'fr-FR', 'de-DE', 'ar-SA', 'ja-JP'];
  const texts: { text: string; locale: string }[] = [];
  names.forEach((name, index) => {
    const locale = locales[index % locales.length] ?? 'en-US';
    for (let end = 1; end <= name.length; end += 1)
      texts.push({ text: name.slice(0, end), locale });
    if (name.length >= 5) {
      // Two neighbours swapped, and one letter dropped: the typos a hurried visitor makes.
      texts.push({ text: name.slice(0, 2) + name[3] + name[2] + name.slice(4), locale });
      texts.push({ text: name.slice(0, 3) + name.slice(4), locale });
    }
  });
  return texts.filter(({ text }) => /^[\p{L}\p{M} '’-]+$/u.test(text));
}

function measurePlaces(
  runs: number,
  byCity: ReadonlyMap<string, number>,
  figures: Figure[],
  notes: string[],
) {
  gc();
  const before = process.memoryUsage();
  const loadStarted = performance.now();
  const world = gazetteer();
  const loadMs = performance.now() - loadStarted;
  gc();
  const after = process.memoryUsage();
  const texts = typedTexts();
  const p50s: number[] = [];
  const p99s: number[] = [];
  const maxima: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const times = time(texts.length, (at) => {
      const { text = '', locale = 'en-US' } = texts[at] ?? {};
      suggestPlaces(world, text, locale, { byCity, limit: 8 });
    });
    p50s.push(percentile(times, 50));
    p99s.push(percentile(times, 99));
    maxima.push(Math.max(...times));
  }
  figures.push(
    figure(
      'geo.places.p50',
      `places suggestions, ${texts.length} typed texts, p50`,
      'ms',
      summarize(p50s),
    ),
    figure(
      'geo.places.p99',
      `places suggestions, ${texts.length} typed texts, p99`,
      'ms',
      summarize(p99s),
      { op: '<=', limit: 2, text: '<= 2 ms (issue 25)' },
    ),
    figure('geo.places.max', `places suggestions, slowest typed text`, 'ms', summarize(maxima)),
    figure(
      'geo.gazetteer.load',
      `gazetteer read (${world.size.toLocaleString('en-US')} cities; from the cache when kept)`,
      'ms',
      summarize([loadMs]),
    ),
    figure(
      'geo.gazetteer.memory',
      'gazetteer memory (heap and array buffers)',
      'MB',
      summarize([
        (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / MB,
      ]),
    ),
  );
  notes.push(
    `Places: every beginning of ${texts.length} typed texts (the directory's cities, exonyms such as Mailand and Londres, Arabic and Japanese names, and two typos of each longer name), each timed three times per run (its fastest kept) through suggestPlaces (the route's work without HTTP), against the partners of the 100k directory.`,
  );
}

export async function measureGeo(options: {
  sizes: readonly number[];
  runs: number;
}): Promise<Section> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  let largest: SiteLocations | undefined;
  for (const size of options.sizes) {
    log(`  distances at ${size} partners`);
    largest = await measureDistances(size, options.runs, figures, notes);
  }
  measurePlaces(options.runs, largest?.partnersByCity() ?? new Map(), figures, notes);
  return {
    title: 'Locations: distances and places (issue 25)',
    method:
      "In process. Distances: the generated directory's partners (one to three real cities of their regions, each moved up to 30 km), 200 points (four in five near those cities, the rest anywhere), each query's fastest of three timings; ours (search/PartnerLocations: geokdbush's best-first search of a kdbush tree with ties put in editorial order, or a scan of the candidates' locations when they are few), ours forced to search the tree, kdbush with geokdbush's around() alone (no tie order), and a brute-force haversine scan of every candidate location. Places: geo/suggestPlaces on the GeoNames gazetteer.",
    figures,
    notes,
  };
}
