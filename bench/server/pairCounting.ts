/**
 * Diagnostic, not part of `npm run bench`: the counting section's measure (measureCounting.ts)
 * with more to read. API processes over copies of the 100k directory (countingChild.ts), each
 * counting or not, loaded at once with the mix in runs of a few seconds; per run and process
 * its requests/s, its CPU per request (all threads, from /proc) and its main thread's CPU per
 * request alone (the event loop: where the counts and the flush run). With `PROFILE=1` each
 * process also runs with `--cpu-prof` and prints, for the measured runs only, the main
 * thread's busy time per request by part (counting, its flush, the source's polls, GC...).
 *
 *   npx tsx bench/server/pairCounting.ts [modes=on,off] [runs=6] [seconds=3]
 *
 * `modes` names the processes, `on` or `off` each: `off,off` shows the measure's own bias.
 * Processes are loaded at once, like the section; the ratio is the first's over the second's.
 * PAIR_SIZE=<partners> (100000), PAIR_FLUSH_MS (1000, the section's); PAIR_RATE=<req/s> sends
 * each process at most that many requests a second: both then answer the same, and the CPU
 * per request is not that of a process that was starved (fewer requests a wake-up, each
 * dearer), so the difference is counting's, per request and per second, at that rate.
 */
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_DIR } from '../lib/environment';
import { startChild } from '../lib/child';
import type { RunningChild } from '../lib/child';
import { startLoadGenerator } from '../lib/loadGenerator';
import type { LoadGenerator } from '../lib/loadGenerator';
import { mixRequestsFor } from './measureServer';

const CHILD = join(BENCH_DIR, 'server/countingChild.ts');
const TICKS_PER_SECOND = 100;

const modes = (process.argv[2] ?? 'on,off')
  .split(',')
  .map((mode) => (mode === 'on' ? 'on' : 'off'));
const runs = Number(process.argv[3] ?? 6);
const seconds = Number(process.argv[4] ?? 3);
const partnerCount = Number(process.env.PAIR_SIZE ?? 100_000);
const flushMs = process.env.PAIR_FLUSH_MS ?? '1000';
const profiling = process.env.PROFILE === '1';
/** Requests a second each process is sent at most (none: as fast as it answers). */
const rate = process.env.PAIR_RATE ? Number(process.env.PAIR_RATE) : undefined;

/** CPU ms so far of a process (all threads) and of its main thread alone. */
function cpuMs(pid: number): { all: number; main: number } {
  const read = (path: string) => {
    const stat = readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  };
  return { all: read(`/proc/${pid}/stat`), main: read(`/proc/${pid}/task/${pid}/stat`) };
}

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}
function isProfile(value: unknown): value is Profile {
  return typeof value === 'object' && value !== null && 'nodes' in value && 'samples' in value;
}

/** Parts of the main thread's time: the first whose test a sample's stack passes. */
type Frame = ProfileNode['callFrame'];
const has = (stack: Frame[], name: RegExp) => stack.some((frame) => name.test(frame.functionName));
const inFile = (stack: Frame[], url: RegExp) => stack.some((frame) => url.test(frame.url));
const PARTS: [string, (stack: Frame[]) => boolean][] = [
  ['idle', (stack) => stack[0]?.functionName === '(idle)'],
  ['garbage collector', (stack) => stack[0]?.functionName === '(garbage collector)'],
  ['(program)', (stack) => stack[0]?.functionName === '(program)'],
  ['counting: the flush', (s) => has(s, /flushOnce|^flush$/) || inFile(s, /sqlite\/openStats/)],
  ['counting: countSearch', (s) => has(s, /^countSearch$/)],
  ['the source polled (catchUp)', (s) => has(s, /catchUp|siteVersions/)],
  ['metrics', (s) => inFile(s, /prom-client|metrics\//)],
  ['the search route', (s) => has(s, /^searchKept$/)],
  ['everything else', () => true],
];

function byPart(profile: Profile, from: number, to: number): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  const parts = new Map<string, number>();
  let clock = profile.startTime;
  profile.samples.forEach((id, index) => {
    clock += profile.timeDeltas[index] ?? 0;
    if (clock < from || clock > to) return;
    const stack: Frame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const node = byId.get(at);
      if (node) stack.push(node.callFrame);
    }
    const part = PARTS.find(([, test]) => test(stack))?.[0] ?? 'everything else';
    const micros = profile.timeDeltas[index + 1] ?? 0;
    parts.set(part, (parts.get(part) ?? 0) + micros);
    // Inclusive time of each function of the counting code (and what the flush calls).
    const seen = new Set<string>();
    for (const frame of stack) {
      if (!/stats\/|openStats|scopeKey/.test(frame.url)) continue;
      const name = `  ${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}`;
      if (seen.has(name)) continue;
      seen.add(name);
      parts.set(name, (parts.get(name) ?? 0) + micros);
    }
    if (stack.some((frame) => /sqlite\/openStats/.test(frame.url)))
      parts.set(
        `    self: ${stack[0]?.functionName}`,
        (parts.get(`    self: ${stack[0]?.functionName}`) ?? 0) + micros,
      );
  });
  return parts;
}

/** The monotonic clock in µs, V8's profiles' time base. */
const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

async function main(): Promise<void> {
  const { path: cached, requests } = await mixRequestsFor(partnerCount, 400);
  const workDir = mkdtempSync(join(tmpdir(), 'pair-counting-'));
  const servers: RunningChild[] = [];
  const generators: LoadGenerator[] = [];
  const profileDirs: string[] = [];
  const windows: [number, number][] = [];
  const figures = modes.map(() => ({
    rps: [] as number[],
    all: [] as number[],
    main: [] as number[],
  }));
  try {
    for (const [index, mode] of modes.entries()) {
      const path = join(workDir, `counting-${index}-${mode}.db`);
      copyFileSync(cached, path);
      const profileDir = join(workDir, `profile-${index}`);
      profileDirs.push(profileDir);
      servers.push(
        await startChild(
          CHILD,
          { BENCH_DATABASE_PATH: path, BENCH_STATS: mode, BENCH_STATS_FLUSH_MS: flushMs },
          180_000,
          profiling
            ? [
                '--cpu-prof',
                `--cpu-prof-dir=${profileDir}`,
                `--cpu-prof-interval=${process.env.PROFILE_INTERVAL ?? '1000'}`,
              ]
            : [],
        ),
      );
      generators.push(await startLoadGenerator());
    }
    for (const [index, server] of servers.entries()) {
      await generators[index]?.load(server.url, requests, 10, { seconds: 3 });
    }
    for (let run = 1; run <= runs; run += 1) {
      const from = nowMicros();
      const results = await Promise.all(
        servers.map(async (server, index) => {
          const before = cpuMs(server.pid);
          const generator = generators[index];
          if (!generator) throw new Error('no generator');
          const result = await generator.load(
            server.url,
            requests,
            10,
            { seconds },
            {
              ...(rate ? { maxRate: rate } : {}),
            },
          );
          const after = cpuMs(server.pid);
          return {
            rps: result.rps,
            all: (after.all - before.all) / result.requests,
            main: (after.main - before.main) / result.requests,
          };
        }),
      );
      windows.push([from, nowMicros()]);
      const line = results.map((result, index) => {
        figures[index]?.rps.push(result.rps);
        figures[index]?.all.push(result.all);
        figures[index]?.main.push(result.main);
        return `${modes[index]} ${result.rps.toFixed(0)} req/s, ${(result.all * 1000).toFixed(0)} µs (main ${(result.main * 1000).toFixed(0)})`;
      });
      const ratio = (results[0]?.rps ?? 0) / (results[1]?.rps ?? 1);
      console.log(`run ${run}: ${line.join('; ')}; ratio ${ratio.toFixed(3)}`);
    }
  } finally {
    await Promise.all([...servers.map((s) => s.stop()), ...generators.map((g) => g.stop())]);
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2
      ? (sorted[middle] ?? 0)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  };
  const ratios = (figures[0]?.rps ?? []).map((rps, run) => rps / (figures[1]?.rps[run] ?? 1));
  const cpuRatios = (figures[0]?.all ?? []).map((cpu, run) => cpu / (figures[1]?.all[run] ?? 1));
  const mainRatios = (figures[0]?.main ?? []).map((cpu, run) => cpu / (figures[1]?.main[run] ?? 1));
  console.log(
    `medians: req/s ${figures.map((f) => median(f.rps).toFixed(0)).join(', ')}; CPU µs/request ${figures.map((f) => (median(f.all) * 1000).toFixed(1)).join(', ')}; main thread ${figures.map((f) => (median(f.main) * 1000).toFixed(1)).join(', ')}`,
  );
  console.log(
    `first over second, median of the runs' ratios: req/s ${median(ratios).toFixed(3)}x, CPU per request ${median(cpuRatios).toFixed(3)}x, main thread ${median(mainRatios).toFixed(3)}x`,
  );
  if (profiling) {
    for (const [index, dir] of profileDirs.entries()) {
      const totals = new Map<string, number>();
      for (const name of readdirSync(dir)) {
        const profile: unknown = JSON.parse(readFileSync(join(dir, name), 'utf8'));
        if (!isProfile(profile)) continue;
        for (const [from, to] of windows) {
          for (const [part, micros] of byPart(profile, from, to))
            totals.set(part, (totals.get(part) ?? 0) + micros);
        }
      }
      const requests = (figures[index]?.rps ?? []).reduce((sum, rps) => sum + rps * seconds, 0);
      console.log(`\n${modes[index]} (${index}): main thread by part, µs per request`);
      for (const [part, micros] of [...totals].sort((a, b) => b[1] - a[1])) {
        console.log(`  ${(micros / requests).toFixed(2).padStart(8)}  ${part}`);
      }
    }
  }
  rmSync(workDir, { recursive: true, force: true });
}

await main();
