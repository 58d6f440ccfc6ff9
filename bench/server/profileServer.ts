/**
 * Diagnostic, not part of `npm run bench`: where the API process spends its time answering
 * the first search (empty text, default filter) at 10 connections, next to the floor; or,
 * with `cold`, answering the bench's first-ask pass (distinct searches of the mix, each
 * asked once, so nothing comes from a cache); with `br`, the first search with a browser's
 * Accept-Encoding next to the compressed floor. Runs each in a child process with
 * `--cpu-prof` (the API logging as in production, to a file) and prints the functions with
 * the most self time, and the share by package, counting only the samples of the timed load.
 * The load generator runs in a process of its own.
 *
 *   npx tsx bench/server/profileServer.ts [partnerCount=10000] [cold|br]
 *
 * PROFILE_KEEP=1 keeps the folder of the profiles (`.cpuprofile` per server) and prints it.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createXsrfToken, openSqliteStore } from '@partners-network/server';
import { startChild } from '../lib/child';
import { ensureDirectoryDb } from './directories';
import { CHILD, SCOPE, searchRequests } from './measureServer';
import { BROWSER_ACCEPT_ENCODING, startLoadGenerator } from '../lib/loadGenerator';
import { buildQueryMix, type MixQuery } from './queryMix';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function isProfile(value: unknown): value is Profile {
  return typeof value === 'object' && value !== null && 'nodes' in value && 'samples' in value;
}

function where(url: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match?.[1]) return match[1];
  if (url.includes('/packages/')) return url.slice(url.indexOf('/packages/') + 1);
  if (url.startsWith('node:')) return 'node internals';
  return url ? (url.split('/').pop() ?? url) : '(native)';
}

/**
 * `windowMicros`: only the samples of the profile's last stretch of that length (the
 * timed load ends just before the child stops, so its start-up is left out).
 */
function summarize(title: string, profile: Profile, windowMicros: number): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  const at: number[] = [];
  let clock = 0;
  for (const delta of profile.timeDeltas) at.push((clock += delta));
  const from = clock - windowMicros;
  profile.samples.forEach((id, index) => {
    if ((at[index] ?? 0) < from) return;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index + 1] ?? 0));
  });
  const byName = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let total = 0;
  for (const [id, micros] of self) {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    total += micros;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${where(url)}:${lineNumber + 1}`;
    byName.set(key, (byName.get(key) ?? 0) + micros);
    const place = functionName.startsWith('(') ? functionName : where(url);
    byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
  }
  const share = (micros: number) => `${((micros / total) * 100).toFixed(1)} %`;
  console.log(`\n## ${title}: ${(total / 1000).toFixed(0)} ms busy`);
  for (const [key, micros] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`  ${share(micros).padStart(7)}  ${key}`);
  }
  // Inclusive time: a function's own samples and those of everything it called.
  const inclusive = new Map<string, number>();
  const keyOf = (node: ProfileNode) =>
    `${node.callFrame.functionName || '(anonymous)'} ${where(node.callFrame.url)}`;
  const walk = (id: number, open: Set<string>): number => {
    const node = byId.get(id);
    if (!node) return 0;
    const key = keyOf(node);
    let micros = self.get(id) ?? 0;
    const inner = open.has(key) ? open : new Set([...open, key]);
    for (const child of node.children ?? []) micros += walk(child, inner);
    if (!open.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + micros);
    return micros;
  };
  const root = profile.nodes[0];
  if (root) walk(root.id, new Set());
  console.log('  inclusive:');
  for (const [key, micros] of [...inclusive]
    .filter(([key]) => key.includes('packages/') || key.includes('zod') || key.includes('fastify'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30)) {
    console.log(`  ${share(micros).padStart(7)}  ${key}`);
  }
  console.log('  by place:');
  for (const [key, micros] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    console.log(`  ${share(micros).padStart(7)}  ${key}`);
  }
}

const count = Number(process.argv[2] ?? 10_000);
const cold = process.argv[3] === 'cold';
// `br`: the first search with a browser's Accept-Encoding, against the compressed floor.
const acceptEncoding = process.argv[3] === 'br' ? BROWSER_ACCEPT_ENCODING : undefined;
const folder = mkdtempSync(join(tmpdir(), 'pn-server-profile-'));
const generator = await startLoadGenerator();
try {
  const path = await ensureDirectoryDb(count);
  const store = openSqliteStore({ path });
  const definitions = await store.getFilterDefinitions(SCOPE, 'en-US');
  if (!definitions) throw new Error('no site');
  const criteria = {
    globalFilter: definitions.defaultGlobalFilter,
    text: '',
    filterItemIds: [],
    offset: 0,
    resultsPerPage: 10,
  };
  const answer = await store.search(SCOPE, criteria, 'en-US');
  await store.close();
  if (!answer) throw new Error('no answer');
  const bodyPath = join(folder, 'page.json');
  writeFileSync(
    bodyPath,
    JSON.stringify({
      partners: answer.partners,
      totalFound: answer.totalFound,
      error: false,
      filterGroups: answer.filterGroups,
      searchPartnersCriteria: answer.appliedCriteria,
    }),
  );
  const first: MixQuery[] = [{ kind: 'first search', locale: 'en-US', criteria }];
  const keyOf = (query: MixQuery) => JSON.stringify([query.locale, query.criteria]);
  const warmUp = cold ? buildQueryMix(definitions, 200, 7) : first;
  const warmed = new Set(warmUp.map(keyOf));
  const timed = cold
    ? [
        ...new Map(
          buildQueryMix(definitions, 2000, 8)
            .filter((query) => !warmed.has(keyOf(query)))
            .map((query) => [keyOf(query), query]),
        ).values(),
      ]
    : first;
  const { token } = createXsrfToken();
  for (const mode of cold ? (['api'] as const) : (['api', 'floor'] as const)) {
    const dir = join(folder, mode);
    const server = await startChild(
      CHILD,
      {
        BENCH_MODE: mode,
        BENCH_DATABASE_PATH: path,
        BENCH_FLOOR_BODY: bodyPath,
        BENCH_FLOOR_ENCODING: acceptEncoding ? 'br' : '',
        BENCH_LOGGER: 'on',
      },
      60_000,
      ['--cpu-prof', `--cpu-prof-dir=${dir}`],
      join(folder, `${mode}.log`),
    );
    await generator.load(server.url, searchRequests(warmUp, token, acceptEncoding), 10, {
      seconds: 1,
    });
    const started = performance.now();
    const result = await generator.load(
      server.url,
      searchRequests(timed, token, acceptEncoding),
      10,
      cold ? { amount: timed.length } : { seconds: 4 },
    );
    const windowMicros = (performance.now() - started) * 1000;
    await server.stop();
    console.log(
      `\n${mode}, ${timed.length} searches: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms`,
    );
    for (const file of readdirSync(dir)) {
      const profile: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      if (isProfile(profile))
        summarize(
          `${mode}, ${cold ? 'first asks' : 'first search'} at ${count} partners, 10 connections`,
          profile,
          windowMicros,
        );
    }
  }
} finally {
  await generator.stop();
  if (process.env.PROFILE_KEEP === '1') console.log(`profiles kept in ${folder}`);
  else rmSync(folder, { recursive: true, force: true });
}
