/**
 * Our search index side by side with MiniSearch and Orama: on the same generated
 * directories (en-US documents of the main site, editorial order) and the text searches
 * of the same query mix, each engine's index build time, memory and in-process query
 * p50/p99; then relevance on a judged set over the seed directory.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod/mini';
import {
  readWholeSite,
  SEED_COMPANY_ID,
  SEED_SCOPE_GROUP_ID,
  generateDirectory,
  openSqliteStore,
  searchTerms,
} from '@partners-network/server';
import type { StoredSite } from '@partners-network/server';
import { BENCH_DIR, log } from '../lib/environment';
import { gc } from '../lib/gc';
import type { Figure, Section } from '../lib/figures';
import { figure } from '../lib/figures';
import { percentile, summarize } from '../lib/stats';
import { ensureDirectoryDb } from '../server/directories';
import { readSiteDefinitions } from '../server/measureServer';
import { buildQueryMix } from '../server/queryMix';
import type { BenchDocument, SearchEngine } from './searchEngines';
import { miniSearch, orama, ours, oursAnswering, oursNear } from './searchEngines';

const MB = 1024 * 1024;
const MIX_SIZE = 400;
const WARM_UP_SEARCHES = 40;
/**
 * Each search is timed in at least MIN_PASSES passes, and in more, up to MAX_PASSES, while
 * the engine's passes so far took less than MORE_PASSES_WITHIN_MS: the same rule for every
 * engine, so ours (text and near alike, a pass of 203 searches in 10 to 200 ms) take nine
 * and MiniSearch at 100k (seconds a pass) three or four. Three passes made each
 * search's median a coin between its first ask (every cache of the fresh engine empty)
 * and its warm cost, decided by one stall of the machine in one pass: at 1k the p99 (the
 * third slowest of 203) flipped the near-a-city goal run to run (bench/README.md, near12).
 */
const MIN_PASSES = 3;
const MAX_PASSES = 9;
const MORE_PASSES_WITHIN_MS = 10_000;
/** No timed search starts past this (a slow engine is timed on the searches it did). */
const TIME_BUDGET_MS = 120_000;

/** Badges a card shows at most (as `MAX_BADGES` in the server's buildSite.ts). */
const MAX_BADGES = 4;

/**
 * The en-US documents of the seed site, in editorial order, as the server indexes them
 * (title, item names in card order, summary), read through the store's own source.
 */
export async function readDocuments(
  path: string,
): Promise<{ documents: BenchDocument[]; site: StoredSite }> {
  const store = openSqliteStore({ path });
  try {
    const site = await readWholeSite(store.source, {
      companyId: SEED_COMPANY_ID,
      scopeGroupId: SEED_SCOPE_GROUP_ID,
    });
    if (!site) throw new Error(`${path} has no seed site`);
    const groups = new Map(site.definitions.groups.map((group) => [group.id, group]));
    const items = new Map(
      site.definitions.items.map((item) => {
        const group = groups.get(item.groupId);
        return [
          item.id,
          {
            name: item.names['en-US'] ?? '',
            groupPosition: group?.position ?? 0,
            position: item.position,
            badge: group?.showAsCategory ?? false,
          },
        ] as const;
      }),
    );
    const documents = site.partners.map(({ record }) => {
      const own = record.filterItemIds
        .flatMap((id) => items.get(id) ?? [])
        .sort((a, b) => a.groupPosition - b.groupPosition || a.position - b.position);
      return {
        title: record.title['en-US'] ?? '',
        categories: own.map((item) => item.name).join(' '),
        summary: record.summary['en-US'] ?? '',
        badges: own
          .filter((item) => item.badge)
          .slice(0, MAX_BADGES)
          .map((item) => item.name),
      };
    });
    return { documents, site };
  } finally {
    await store.close();
  }
}

/** Heap and array buffers after full collections; buffers are freed a turn later. */
const heapMB = async () => {
  for (let pass = 0; pass < 3; pass += 1) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  const usage = process.memoryUsage();
  return (usage.heapUsed + usage.arrayBuffers) / MB;
};
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

interface EngineRun {
  buildMs: number;
  memoryMB: number;
  p50: number;
  p99: number;
  /** The p99 of each search's median of its first three passes only (the earlier measure). */
  p99OfThree: number;
  /** How many searches were timed, in how many full passes. */
  timing: string;
}

/**
 * Engines timed together (one, or the text and near engines whose ratio is a goal): each
 * built and warmed, then their passes taken in turns (a pass of one, a pass of the next),
 * so the two sides of a ratio share the machine's moments. On this shared machine a text
 * search's p50 at 1k moved between 0.12 and 0.20 ms from one second to the next in one
 * process, for every site alike (bench/README.md, near-paired); timed one engine after the
 * other, a ratio read which of them had the quiet second.
 */
async function measureEngines(
  engines: readonly SearchEngine[],
  { documents, site }: { documents: readonly BenchDocument[]; site: StoredSite },
  texts: readonly string[],
): Promise<EngineRun[]> {
  const built: { buildMs: number; memoryMB: number }[] = [];
  for (const engine of engines) {
    const before = await heapMB();
    const started = process.hrtime.bigint();
    await engine.build(documents, site);
    const buildMs = ms(started);
    built.push({ buildMs, memoryMB: (await heapMB()) - before });
    log(`  ${engine.name}: index built in ${buildMs.toFixed(0)} ms`);
  }
  // A few searches to warm the JIT, then the measured passes (a whole warm-up pass of the
  // slowest peer at 100k took minutes).
  for (const engine of engines) {
    for (const text of texts.slice(0, WARM_UP_SEARCHES)) await engine.search(text);
  }
  // Each search timed in MIN_PASSES to MAX_PASSES passes, its median kept: on a shared
  // machine one pass's p99 was the scheduler's (a 50 ms stall of whichever engine ran), not
  // the engine's; and a median of three had the first ask's cost as one of its three.
  // An engine slower than the time budget stops early, timed on the searches it did.
  const passes: number[][][] = engines.map(() => []);
  const timing = engines.map(() => 0);
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    for (const [at, engine] of engines.entries()) {
      const spent = timing[at] ?? 0;
      if (pass >= MIN_PASSES && spent >= MORE_PASSES_WITHIN_MS) continue;
      const times: number[] = [];
      for (const text of texts) {
        if ((timing[at] ?? 0) > TIME_BUDGET_MS) break;
        const start = process.hrtime.bigint();
        await engine.search(text);
        const took = ms(start);
        times.push(took);
        timing[at] = (timing[at] ?? 0) + took;
      }
      passes[at]?.push(times);
    }
  }
  return engines.map((engine, at) => {
    engine.drop();
    const ofEngine = passes[at] ?? [];
    const timed = ofEngine[0]?.length ?? 0;
    const medians = (of: readonly number[][]) =>
      texts.slice(0, timed).map((_, search) =>
        percentile(
          of.flatMap((pass) => (search < pass.length ? [pass[search] ?? 0] : [])),
          50,
        ),
      );
    const times = medians(ofEngine);
    const passesDone = ofEngine.filter((pass) => pass.length === timed).length;
    return {
      buildMs: built[at]?.buildMs ?? 0,
      memoryMB: built[at]?.memoryMB ?? 0,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      // What the section measured before (each search's median of its first three passes),
      // from the same timings: the notes show both.
      p99OfThree: percentile(medians(ofEngine.slice(0, MIN_PASSES)), 99),
      timing: `${timed} searches, ${passesDone} full passes`,
    };
  });
}

const judgedSchema = z.object({
  queries: z.array(
    z.object({
      kind: z.string(),
      text: z.string(),
      expect: z.optional(z.array(z.string())),
      expectCategory: z.optional(z.string()),
    }),
  ),
});

/** success@1 and MRR@10 of each engine over the judged set on the seed directory. */
async function measureRelevance(engines: SearchEngine[], workDir: string) {
  const path = join(workDir, 'seed.db');
  const store = openSqliteStore({ path });
  await store.importDirectory(generateDirectory({}));
  await store.close();
  const { documents, site } = await readDocuments(path);
  const judged = judgedSchema.parse(
    JSON.parse(readFileSync(join(BENCH_DIR, 'search/relevance.json'), 'utf8')),
  );
  const results = [];
  for (const engine of engines) {
    await engine.build(documents, site);
    let successes = 0;
    let reciprocal = 0;
    const misses: string[] = [];
    for (const query of judged.queries) {
      const { top } = await engine.search(query.text);
      const good = (ordinal: number) => {
        const doc = documents[ordinal];
        if (!doc) return false;
        if (query.expect) return query.expect.includes(doc.title);
        return query.expectCategory !== undefined && doc.badges.includes(query.expectCategory);
      };
      const rank = top.findIndex(good);
      if (rank === 0) successes += 1;
      else
        misses.push(
          `"${query.text}" (${query.kind}): ${rank < 0 ? 'not in the first 10' : `rank ${rank + 1}`}`,
        );
      if (rank >= 0) reciprocal += 1 / (rank + 1);
    }
    engine.drop();
    results.push({
      engine: engine.name,
      successAt1: successes / judged.queries.length,
      mrrAt10: reciprocal / judged.queries.length,
      misses,
    });
  }
  return { count: judged.queries.length, results };
}

/** The figures' key of an engine: ours answering and ours near apart from the index alone. */
function engineKey(name: string, id: string): string {
  if (name === oursNear().name) return 'oursNear';
  return name.startsWith('ours,') ? 'oursAnswer' : id;
}

/**
 * A generated directory's documents and the text searches of the server's mix, over every
 * partner (filters are ours alone): what the section and its probes time.
 */
export async function readSearchMix(
  count: number,
): Promise<{ read: Awaited<ReturnType<typeof readDocuments>>; texts: string[] }> {
  const path = await ensureDirectoryDb(count);
  const read = await readDocuments(path);
  const texts = buildQueryMix(await readSiteDefinitions(path), MIX_SIZE)
    .map((query) => query.criteria.text)
    .filter((text) => searchTerms(text).length > 0);
  return { read, texts };
}

export async function measureSearch(options: {
  sizes: number[];
  runs: number;
  workDir: string;
}): Promise<Section> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  // The text and near engines together: near's goal is a ratio to the text search's.
  const engines = () => [[ours()], [oursAnswering(), oursNear()], [miniSearch()], [orama()]];
  for (const count of options.sizes) {
    const { read, texts } = await readSearchMix(count);
    const label = count >= 1000 ? `${count / 1000}k` : String(count);
    const byEngine = new Map<string, EngineRun[]>();
    for (let run = 1; run <= options.runs; run += 1) {
      for (const together of engines()) {
        const results = await measureEngines(together, read, texts);
        for (const [at, engine] of together.entries()) {
          const result = results[at];
          if (!result) continue;
          byEngine.set(engine.name, [...(byEngine.get(engine.name) ?? []), result]);
          log(
            `search ${label} run ${run}: ${engine.name} build ${result.buildMs.toFixed(0)} ms, ${result.memoryMB.toFixed(0)} MB, p50 ${result.p50.toFixed(3)} ms, p99 ${result.p99.toFixed(3)} ms (first three passes only ${result.p99OfThree.toFixed(3)}; ${result.timing})`,
          );
        }
      }
    }
    const peerP99 = Math.min(
      ...[...byEngine.entries()]
        .filter(([name]) => !name.startsWith('ours'))
        .map(([, runs]) => summarize(runs.map((run) => run.p99)).median),
    );
    const answerP99 = summarize(
      (byEngine.get(oursAnswering().name) ?? []).map((run) => run.p99),
    ).median;
    const goalOf = (name: string, size: number) => {
      if (name === ours().name && size === 100_000) {
        const limit = peerP99 / 2;
        return {
          op: '<=' as const,
          limit,
          text: `<= half the faster peer's (${limit.toFixed(2)} ms)`,
        };
      }
      if (name === oursNear().name) {
        const limit = answerP99 * 1.5;
        return {
          op: '<=' as const,
          limit,
          text: `<= 1.5x a text search's (${limit.toFixed(2)} ms)`,
        };
      }
      return undefined;
    };
    for (const [name, runs] of byEngine) {
      const id = name.split(/\W+/)[0]?.toLowerCase() ?? 'engine';
      const key = `search.${label}.${engineKey(name, id)}`;
      const of = (pick: (run: EngineRun) => number) => summarize(runs.map(pick));
      figures.push(
        figure(
          `${key}.build`,
          `${label}, ${name}: index build`,
          'ms',
          of((run) => run.buildMs),
        ),
        figure(
          `${key}.memory`,
          `${label}, ${name}: index memory (heap + array buffers)`,
          'MB',
          of((run) => run.memoryMB),
        ),
        figure(
          `${key}.p50`,
          `${label}, ${name}: query p50`,
          'ms',
          of((run) => run.p50),
        ),
        figure(
          `${key}.p99`,
          `${label}, ${name}: query p99`,
          'ms',
          of((run) => run.p99),
          goalOf(name, count),
        ),
      );
    }
    const ofThree = (name: string) =>
      (byEngine.get(name) ?? []).map((run) => run.p99OfThree.toFixed(3)).join(', ');
    notes.push(
      `${label}: p99 of each search's median of its first three passes only (the measure before near12), run by run: text ${ofThree(oursAnswering().name)} ms, near a city ${ofThree(oursNear().name)} ms.`,
      `${label}: ${read.documents.length} documents, ${texts.length} text searches of the mix; timed: ${[
        ...byEngine,
      ]
        .map(([name, runs]) => `${name} ${runs.map((run) => run.timing).join(' / ')}`)
        .join('; ')}.`,
    );
  }
  const relevance = await measureRelevance([ours(), miniSearch(), orama()], options.workDir);
  const best = (pick: (result: (typeof relevance.results)[number]) => number) =>
    Math.max(...relevance.results.filter((result) => !result.engine.startsWith('ours')).map(pick));
  for (const result of relevance.results) {
    const isOurs = result.engine.startsWith('ours');
    const successGoal = Math.max(
      0.9,
      best((entry) => entry.successAt1),
    );
    figures.push(
      figure(
        `search.relevance.${result.engine.split(/\W+/)[0]?.toLowerCase() ?? 'engine'}.successAt1`,
        `relevance, ${result.engine}: success at 1 (${relevance.count} judged searches)`,
        'score',
        summarize([result.successAt1]),
        isOurs
          ? {
              op: '>=',
              limit: successGoal,
              text: `>= 0.9 and >= every peer (${successGoal.toFixed(3)})`,
            }
          : undefined,
      ),
      figure(
        `search.relevance.${result.engine.split(/\W+/)[0]?.toLowerCase() ?? 'engine'}.mrrAt10`,
        `relevance, ${result.engine}: mean reciprocal rank at 10`,
        'score',
        summarize([result.mrrAt10]),
        isOurs
          ? { op: '>=', limit: best((entry) => entry.mrrAt10), text: '>= every peer' }
          : undefined,
      ),
    );
    notes.push(`${result.engine} misses at 1: ${result.misses.join('; ') || 'none'}.`);
  }
  return {
    title: 'Search engines side by side',
    method: `Our index (packages/server/src/search, as the server builds it), MiniSearch 7.2 (fields title, categories, summary; boost title 3, categories 2; prefix: true, fuzzy: 0.2, combineWith AND; terms folded for case and accents) and Orama 3.1 (the same fields and boosts, tolerance 1, limit 10; threshold left at its default, as threshold 0 made accented and several-word searches find nothing), in this process, one engine at a time (but the text and near answering engines, built and warmed both, then timed in alternate passes so a ratio's two sides share the machine's moments), on the en-US documents of the main site of each generated directory (seed 20121). Queries: the text searches of the server's ${MIX_SIZE}-search mix (about a third of their words misspelled), over every partner: the first ${WARM_UP_SEARCHES} to warm the JIT, then all of them in ${MIN_PASSES} to ${MAX_PASSES} passes (${MAX_PASSES} while an engine's passes so far took under ${MORE_PASSES_WITHIN_MS / 1000} s, else ${MIN_PASSES}: the same rule for every engine), each search's median time kept (each query: the first 10 and the count). "Ours, with counts and highlights" answers as the server does (answer/SiteAnswers over the site as a server builds it, one global filter and no filter groups: its count, the zero-result steps, the cards and the highlights of the 10; counts kept as a server keeps them, whole answers and ordered partners not kept). "Ours, near a city" answers the same texts near one of the directory's own cities in turn (every other one within 100 km, every third one without its text, ordered by distance alone; each card's distance measured): goal p99 at most 1.5x the text search's answered the same way (issue 25). Memory: heap used plus array buffers after a forced GC, before and after the build. Relevance: ${relevance.count} judged searches (bench/search/relevance.json) over the seed directory (260 partners); success at 1 and mean reciprocal rank at 10.`,
    figures,
    notes,
  };
}
