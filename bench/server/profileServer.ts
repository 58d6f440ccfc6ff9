/**
 * Diagnostic, not part of `npm run bench`: where the API process spends its time answering
 * the first search (empty text, default filter) at 10 connections, next to the floor; or,
 * with `cold`, answering the bench's first-ask pass (distinct searches of the mix, each
 * asked once, so nothing comes from a cache); with `br`, the first search with a browser's
 * Accept-Encoding next to the compressed floor. Runs each in a child process with
 * `--cpu-prof` (the API logging as in production, to a file) and prints the functions with
 * the most self time, and the share by package, counting only the samples of the timed load.
 * The load generator runs in a process of its own. The API runs with `SERVER_NODE_FLAGS`; the
 * `cold` pass is the server section's (`firstAskPass`: 2,000 warm-up requests of another
 * seed, then each distinct search of the third seed once, all with a browser's
 * Accept-Encoding), and prints the garbage collections of the timed pass (`gcEvents.ts`).
 *
 *   npx tsx bench/server/profileServer.ts [partnerCount=10000] [cold|br]
 *
 * PROFILE_KEEP=1 keeps the folder of the profiles (`.cpuprofile` per server) and prints it;
 * PROFILE_INTERVAL=<µs> samples more often than V8's 1 ms; PROFILE_FLAGS="..." adds Node
 * flags to the API's (a flag weighed on the same code).
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS, createXsrfToken, openSqliteStore } from '@partners-network/server';
import { startChild } from '../lib/child';
import { ensureDirectoryDb } from './directories';
import { CHILD, SCOPE, searchRequests } from './measureServer';
import { BROWSER_ACCEPT_ENCODING, startLoadGenerator } from '../lib/loadGenerator';
import { firstAskPass, type MixQuery } from './queryMix';
import type { GcEvent } from './gcEvents';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  /** µs on the monotonic clock (CLOCK_MONOTONIC), as `process.hrtime` reads it. */
  startTime?: number;
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

/** The profile's samples: each one's node and its time (µs from the profile's start). */
function sampleTimes(profile: Profile): number[] {
  const at: number[] = [];
  let clock = 0;
  for (const delta of profile.timeDeltas) at.push((clock += delta));
  return at;
}

/** Each node's parent, to read a sample's whole stack. */
function parentsOf(profile: Profile): Map<number, number> {
  const parents = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  return parents;
}

/** A sample's stack, its own frame first. */
function stackOf(
  id: number,
  byId: Map<number, ProfileNode>,
  parents: Map<number, number>,
): ProfileNode['callFrame'][] {
  const stack: ProfileNode['callFrame'][] = [];
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
    const node = byId.get(at);
    if (node) stack.push(node.callFrame);
  }
  return stack;
}

interface Window {
  from: number;
  to: number;
}

/**
 * The timed load's stretch of the profile (µs from its start), from the API's log: the
 * last `requests` lines are the timed load (each line's time less its `responseTime` is when
 * that request came in). A line's time is the wall clock; the profile's `startTime` is the
 * monotonic clock (V8's and libuv's, CLOCK_MONOTONIC on Linux) that every process on the
 * machine shares, so this process's offset between the two places the lines on it.
 *
 * It used to take the profile's first sample in `searchKept` for the first line logged.
 * Since the server answers its own searches over loopback before it listens (warm23), and
 * those are not logged, that put the window about two seconds early, over the bench's
 * warm-up (its answers asked again, compressed anew): the by-part figures of profiles taken
 * before this change count part of the warm-up. Counting back from the profile's end does
 * not serve either: at 100k partners the process exits up to a second after the load.
 */
function timedWindow(profile: Profile, logFile: string, requests: number): Window | undefined {
  const lines = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"request completed"'))
    .map((line): unknown => JSON.parse(line))
    .filter(
      (line): line is { time: number; responseTime: number } =>
        typeof line === 'object' && line !== null && 'time' in line && 'responseTime' in line,
    );
  const start = lines[lines.length - requests];
  const end = lines.at(-1);
  if (!start || !end || profile.startTime === undefined) return undefined;
  const wallLessMonotonic = Date.now() * 1000 - Number(process.hrtime.bigint() / 1000n);
  const onProfile = (wallMs: number) =>
    wallMs * 1000 - wallLessMonotonic - (profile.startTime ?? 0);
  return { from: onProfile(start.time - start.responseTime), to: onProfile(end.time) };
}

/**
 * Where the main thread's time of the timed load went, by part of a request (the first
 * part a sample's stack falls in, in this order), per answer: what cutting each would give.
 */
const PARTS: [string, (stack: ProfileNode['callFrame'][]) => boolean][] = [
  ['idle (waiting for requests)', (stack) => stack[0]?.functionName === '(idle)'],
  ['garbage collector', (stack) => stack[0]?.functionName === '(garbage collector)'],
  ['(program)', (stack) => stack[0]?.functionName === '(program)'],
  ["compression (a fresh answer's quick bytes)", (s) => has(s, /^compressDraftNow$/)],
  ['compression (an answer asked again)', (s) => has(s, /^compressAnswerNow$/)],
  ["the answer's JSON (KeptAnswer)", (s) => has(s, /^KeptAnswer$/)],
  ['store: answer id, counted search', (s) => inFile(s, /answerId|countedSearch/)],
  ['store: highlights', (s) => inFile(s, /markHighlights|MatchedWords/)],
  ['store: counts', (s) => inFile(s, /countFacets|andCounts|zeroResultSteps/)],
  ['store: cards read', (s) => inFile(s, /PackedCards|CardTokens/)],
  ['store: typo walk and term runs', (s) => inFile(s, /TextIndex\.ts/)],
  ['store: term sets, ranking', (s) => inFile(s, /SiteIndex|Bitset|LayeredIndex/)],
  ['store: resolving the search', (s) => inFile(s, /resolveSearch/)],
  ["store: lru-cache's gets and sets", (s) => inFile(s, /lru-cache/) && has(s, /^searchKept$/)],
  ['store: the rest', (s) => has(s, /^searchKept$/)],
  [
    "socket writes (the kernel's loopback, the client woken)",
    (s) => has(s, /^writev$|^writeBuffer$|^writeUtf8String$|^writeLatin1String$/),
  ],
  ['the log line', (s) => inFile(s, /requestLogging|pino|sonic-boom/)],
  ['metrics', (s) => inFile(s, /prom-client|metrics\//)],
  ['body: JSON parse and zod check', (s) => inFile(s, /RecentJsonBodies|zod|secure-json-parse/)],
  ['anti-forgery check', (s) => inFile(s, /refuseForgedJson|hasValidXsrfToken|readCookie/)],
  ['fastify (routing, hooks, reply)', (s) => inFile(s, /fastify|find-my-way/)],
  ["node's HTTP and streams", (s) => inFile(s, /^node:/)],
  ['other', () => true],
];
const has = (stack: ProfileNode['callFrame'][], name: RegExp) =>
  stack.some((frame) => name.test(frame.functionName));
const inFile = (stack: ProfileNode['callFrame'][], url: RegExp) =>
  stack.some((frame) => url.test(frame.url));

function byPart(profile: Profile, window: Window, answers: number): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = parentsOf(profile);
  const at = sampleTimes(profile);
  const parts = new Map<string, number>();
  let busy = 0;
  let total = 0;
  profile.samples.forEach((id, index) => {
    const time = at[index] ?? 0;
    if (time < window.from || time > window.to) return;
    const micros = profile.timeDeltas[index + 1] ?? 0;
    const stack = stackOf(id, byId, parents);
    const part = PARTS.find(([, test]) => test(stack))?.[0] ?? 'other';
    parts.set(part, (parts.get(part) ?? 0) + micros);
    total += micros;
    if (part !== PARTS[0]?.[0]) busy += micros;
  });
  // A thread that ran nothing in the load (the index worker's profile, also written).
  if (busy === 0) return;
  console.log(
    `  by part, the timed load's ${(total / 1000).toFixed(0)} ms: busy ${((busy / total) * 100).toFixed(0)} %, ${(busy / answers).toFixed(0)} µs an answer`,
  );
  for (const [part, micros] of [...parts].sort((a, b) => b[1] - a[1])) {
    console.log(
      `  ${(micros / answers).toFixed(1).padStart(7)} µs ${((micros / busy) * 100).toFixed(1).padStart(5)} %  ${part}`,
    );
  }
}

/** Only the samples inside `window` (the timed load). */
function summarize(title: string, profile: Profile, window: Window): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  const at = sampleTimes(profile);
  profile.samples.forEach((id, index) => {
    const time = at[index] ?? 0;
    if (time < window.from || time > window.to) return;
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
  // A thread that ran nothing in the load (the index worker's profile, also written).
  if (total === 0) return;
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

/** The collections of the timed load, by kind: how many, their pauses summed, the longest. */
function printCollections(file: string, from: number, to: number, answers: number): void {
  let events: GcEvent[];
  try {
    const read: unknown = JSON.parse(readFileSync(file, 'utf8'));
    events = Array.isArray(read) ? read.filter(isGcEvent) : [];
  } catch {
    return;
  }
  const during = events.filter((event) => event.at >= from && event.at <= to);
  const kinds = [...new Set(during.map((event) => event.kind))];
  const total = during.reduce((sum, event) => sum + event.ms, 0);
  console.log(
    `  collections in the timed load: ${total.toFixed(1)} ms of pauses (${((total / answers) * 1000).toFixed(0)} µs an answer); ${kinds
      .map((kind) => {
        const of = during.filter((event) => event.kind === kind).map((event) => event.ms);
        return `${kind} ${of.length}, ${of.reduce((sum, ms) => sum + ms, 0).toFixed(1)} ms, longest ${Math.max(...of).toFixed(1)}`;
      })
      .join('; ')}`,
  );
}

function isGcEvent(value: unknown): value is GcEvent {
  return typeof value === 'object' && value !== null && 'at' in value && 'ms' in value;
}

const count = Number(process.argv[2] ?? 10_000);
const cold = process.argv[3] === 'cold';
// `br`: the first search with a browser's Accept-Encoding, against the compressed floor;
// `cold`: the first-ask pass as the server section asks it, with a browser's too.
const acceptEncoding = process.argv[3] === 'br' || cold ? BROWSER_ACCEPT_ENCODING : undefined;
const interval = process.env.PROFILE_INTERVAL;
const extraFlags = (process.env.PROFILE_FLAGS ?? '').split(' ').filter(Boolean);
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
  const pass = firstAskPass(definitions);
  const warmUp = cold ? pass.warmUp : first;
  const timed = cold ? pass.firstAsks : first;
  const { token } = createXsrfToken();
  for (const mode of cold ? (['api'] as const) : (['api', 'floor'] as const)) {
    const dir = join(folder, mode);
    const gcFile = join(folder, `${mode}-gc.json`);
    const server = await startChild(
      CHILD,
      {
        BENCH_MODE: mode,
        BENCH_DATABASE_PATH: path,
        BENCH_FLOOR_BODY: bodyPath,
        BENCH_FLOOR_ENCODING: acceptEncoding ? 'br' : '',
        BENCH_LOGGER: 'on',
        GC_EVENTS_FILE: gcFile,
      },
      180_000,
      [
        ...SERVER_NODE_FLAGS,
        ...extraFlags,
        '--import',
        join(import.meta.dirname, 'gcEvents.ts'),
        '--cpu-prof',
        `--cpu-prof-dir=${dir}`,
        ...(interval ? [`--cpu-prof-interval=${interval}`] : []),
      ],
      join(folder, `${mode}.log`),
    );
    await generator.load(
      server.url,
      searchRequests(warmUp, token, acceptEncoding),
      10,
      cold ? { amount: 2000 } : { seconds: 1 },
    );
    const started = performance.now();
    const startedAt = Date.now();
    const result = await generator.load(
      server.url,
      searchRequests(timed, token, acceptEncoding),
      10,
      cold ? { amount: timed.length } : { seconds: 4 },
    );
    const windowMicros = (performance.now() - started) * 1000;
    const endedAt = Date.now();
    await server.stop();
    console.log(
      `\n${mode}, ${timed.length} searches: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms`,
    );
    printCollections(gcFile, startedAt, endedAt, result.requests);
    for (const file of readdirSync(dir)) {
      const profile: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      if (!isProfile(profile) || profile.samples.length < 10) continue;
      // Counting back from the profile's end when the log gives no window (it always should).
      let clock = 0;
      for (const delta of profile.timeDeltas) clock += delta;
      const window = timedWindow(profile, join(folder, `${mode}.log`), result.requests) ?? {
        from: clock - windowMicros,
        to: clock,
      };
      summarize(
        `${mode}, ${cold ? 'first asks' : 'first search'} at ${count} partners, 10 connections`,
        profile,
        window,
      );
      byPart(profile, window, result.requests);
    }
  }
} finally {
  await generator.stop();
  if (process.env.PROFILE_KEEP === '1') console.log(`profiles kept in ${folder}`);
  else rmSync(folder, { recursive: true, force: true });
}
