/**
 * Diagnostic, not part of `npm run bench`: what the slowest 1 % of the first-ask pass
 * overlapped. Runs the server section's pass (`firstAskPass`: 2,000 warm-up requests, then
 * each distinct search of the third seed once, a browser's Accept-Encoding, 10 connections)
 * on a fresh API per run, with `gcEvents.ts` preloaded in the API and in the load
 * generator, and for each of the pass's slowest 1 % (the p99's requests) tells which
 * collections ran while it waited: the API's scavenges or full collections, the load
 * generator's own, or none; and where each answer waited (before the API read it, in it,
 * after it finished), with how many other answers the API finished meanwhile (branch fair27). With <otherRoot> (another checkout with its node_modules) its API
 * takes turns with this one's, as in compareServers.ts.
 *
 *   npx tsx bench/server/tailFirstAsks.ts [partnerCount=10000] [runs=3] [otherRoot]
 *
 * TAIL_LOG=<file> keeps each API's output (its log, and what TAIL_FLAGS' traces print) in
 * <file>.<ours|other>.<run>. TAIL_FLAGS="..." adds Node flags to both APIs; TAIL_KEEP=1 keeps each pass's answer times and
 * both processes' collections as JSON and prints the folder. The API's CPU per answer (user + system,
 * and its main thread's) comes from /proc, as in compareServers.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS, createXsrfToken } from '@partners-network/server';
import { BENCH_DIR, log } from '../lib/environment';
import { startChild } from '../lib/child';
import { BROWSER_ACCEPT_ENCODING, startLoadGenerator } from '../lib/loadGenerator';
import { percentile } from '../lib/stats';
import { ensureDirectoryDb } from './directories';
import type { GcEvent } from './gcEvents';
import { readSiteDefinitions, searchRequests } from './measureServer';
import { buildQueryMix, firstAskPass, type MixQuery } from './queryMix';

const TICKS_PER_SECOND = 100;
function cpuMs(pid: number, thread = false): number {
  const stat = readFileSync(thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Each thread's CPU time so far (ms), by thread id, with its name. */
function threadsCpu(pid: number): Map<string, { name: string; ms: number }> {
  const threads = new Map<string, { name: string; ms: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
      threads.set(tid, { name, ms });
    } catch {
      // The thread ended between the listing and the reading.
    }
  }
  return threads;
}

/** The main thread's time waiting for a core so far (ms): runnable, not running. */
function waitMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ');
  return Number(fields[1]) / 1e6;
}

function isGcEvent(value: unknown): value is GcEvent {
  return typeof value === 'object' && value !== null && 'at' in value && 'ms' in value;
}
function readEvents(file: string): GcEvent[] {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(parsed) ? parsed.filter(isGcEvent) : [];
  } catch {
    return [];
  }
}

const count = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 3);
const otherRoot = process.argv[4];
const roots: [string, string][] = [['ours', join(BENCH_DIR, '..')]];
if (otherRoot) roots.push(['other', otherRoot]);
const flagsOf = (text: string | undefined) => (text ?? '').split(' ').filter(Boolean);
const extraFlags = (name: string) =>
  flagsOf(
    name === 'other'
      ? (process.env.TAIL_FLAGS_OTHER ?? process.env.TAIL_FLAGS)
      : process.env.TAIL_FLAGS,
  );
const folder = mkdtempSync(join(tmpdir(), 'pn-tail-'));
const preload = join(import.meta.dirname, 'gcEvents.ts');

const path = await ensureDirectoryDb(count);
const definitions = await readSiteDefinitions(path);
const { token } = createXsrfToken();
const { warmUp: warmUpMix, firstAsks } = firstAskPass(definitions);
const warmUp = searchRequests(warmUpMix, token, BROWSER_ACCEPT_ENCODING);
// TAIL_FRESH_WARM_UP=other|both: that API's warm-up asks 2,000 distinct searches of a fourth
// seed (none asked in the pass) instead of the section's 200 asked ten times over, so its
// fresh-answer code has run as often as the pass will run it before the pass starts.
const keyOf = (query: MixQuery) => JSON.stringify([query.locale, query.criteria]);
const inPass = new Set(firstAsks.map(keyOf));
const freshWarmUp = searchRequests(
  [
    ...new Map(
      [9, 10, 11]
        .flatMap((seed) => buildQueryMix(definitions, 2000, seed))
        .filter((query) => !inPass.has(keyOf(query)))
        .map((query) => [keyOf(query), query]),
    ).values(),
  ].slice(0, 2000),
  token,
  BROWSER_ACCEPT_ENCODING,
);
const freshFor = (name: string) =>
  process.env.TAIL_FRESH_WARM_UP === 'both' || process.env.TAIL_FRESH_WARM_UP === name;
const cold = searchRequests(firstAsks, token, BROWSER_ACCEPT_ENCODING);
// TAIL_PRIME=ours|other|both: that API's pass opens its connections with one untimed ask of
// the first search each (kept since the warm-up), as the server section's pass does.
const primeFor = (name: string) =>
  process.env.TAIL_PRIME === 'both' || process.env.TAIL_PRIME === name;
const [firstSearch] = warmUp;
if (!firstSearch) throw new Error('no warm-up search');

/** The API's own arrival, finish and client port of each answer (`serviceTimes.ts`'s `pairs`). */
function parseServiceTimes(text: string): [number, number, number][] {
  const data: unknown = JSON.parse(text);
  const pairs = typeof data === 'object' && data !== null && 'pairs' in data ? data.pairs : [];
  if (!Array.isArray(pairs)) return [];
  return pairs.flatMap((pair: unknown) =>
    Array.isArray(pair) && pair.length === 3 && pair.every((n) => typeof n === 'number')
      ? [[Number(pair[0]), Number(pair[1]), Number(pair[2])] satisfies [number, number, number]]
      : [],
  );
}

/**
 * Each answer of a pass split where it waited: before the API read it (sent, not yet
 * `request.start`), in the API (read to finished), after (finished, not yet read by the load
 * generator). The API's own times (`serviceTimes.ts`) are matched to the client's by the
 * connection's port: its last finish before the client's end. Also how many other answers
 * the API finished while each of the slowest 1 % waited (a typical one: the nine others).
 */
function splitWaits(
  latencies: number[],
  ends: number[],
  ports: number[],
  pairs: [number, number, number][],
  p99: number,
): string {
  const byPort = new Map<number, [number, number][]>();
  for (const [arrived, finished, port] of pairs) {
    const list = byPort.get(port) ?? [];
    list.push([finished, arrived]);
    byPort.set(port, list);
  }
  for (const list of byPort.values()) list.sort((a, b) => a[0] - b[0]);
  const finishes = pairs.map(([, finished]) => finished).sort((a, b) => a - b);
  const split = latencies.flatMap((ms, i) => {
    const end = ends[i] ?? 0;
    const matched = (byPort.get(ports[i] ?? 0) ?? [])
      .filter(([finished]) => finished <= end)
      .at(-1);
    if (!matched) return [];
    const [finished, arrived] = matched;
    const sent = end - ms;
    const meanwhile = finishes.filter((at) => at > sent && at < finished).length;
    return [
      { ms, before: arrived - sent, inApi: finished - arrived, after: end - finished, meanwhile },
    ];
  });
  const slow = split.filter((r) => r.ms >= p99);
  const range = (values: number[]) =>
    `${Math.min(...values).toFixed(1)} to ${Math.max(...values).toFixed(1)}`;
  return (
    `median before the API read it ${percentile(
      split.map((r) => r.before),
      50,
    ).toFixed(2)} ms, in it ${percentile(
      split.map((r) => r.inApi),
      50,
    ).toFixed(2)}, after ${percentile(
      split.map((r) => r.after),
      50,
    ).toFixed(2)}; ` +
    `slowest 1 %: before ${range(slow.map((r) => r.before))}, in ${range(slow.map((r) => r.inApi))}, after ${range(slow.map((r) => r.after))} ms, ` +
    `${range(slow.map((r) => r.meanwhile))} other answers finished while each waited (median of all: ${percentile(
      split.map((r) => r.meanwhile),
      50,
    )})`
  );
}

const pause = (events: GcEvent[], kind: GcEvent['kind'], from: number, to: number) =>
  events.filter((e) => e.kind === kind && e.at + e.ms > from && e.at < to);

try {
  for (let run = 1; run <= runs; run += 1) {
    const order = run % 2 === 1 ? roots : [...roots].reverse();
    for (const [name, root] of order) {
      const apiGc = join(folder, `api-${name}-${run}.json`);
      const clientGc = join(folder, `client-${name}-${run}.json`);
      const serviceFile = join(folder, `service-${name}-${run}.json`);
      process.env.GC_EVENTS_FILE = clientGc;
      process.env.LOAD_KEEP_ENDS = '1';
      const generator = await startLoadGenerator(['--import', preload]);
      const server = await startChild(
        join(root, 'bench/server/apiChild.ts'),
        {
          BENCH_MODE: 'api',
          BENCH_DATABASE_PATH: path,
          BENCH_LOGGER: 'on',
          GC_EVENTS_FILE: apiGc,
          SERVICE_TIMES_FILE: serviceFile,
        },
        undefined,
        [
          ...SERVER_NODE_FLAGS,
          ...extraFlags(name),
          '--import',
          preload,
          '--import',
          join(import.meta.dirname, 'serviceTimes.ts'),
        ],
        process.env.TAIL_LOG ? `${process.env.TAIL_LOG}.${name}.${run}` : '/dev/null',
      );
      let result;
      let cpu = 0;
      let main = 0;
      let waited = 0;
      const others = new Map<string, number>();
      let perf: ChildProcess | undefined;
      try {
        await generator.load(server.url, freshFor(name) ? freshWarmUp : warmUp, 10, {
          amount: 2000,
        });
        const before = cpuMs(server.pid);
        const mainBefore = cpuMs(server.pid, true);
        const threadsBefore = threadsCpu(server.pid);
        const waitBefore = waitMs(server.pid);
        // TAIL_PERF=<file>: `perf record` of the API's threads over the pass (to read with
        // `perf report -i <file> --sort tid,dso,sym`).
        const perfFile = process.env.TAIL_PERF;
        perf = perfFile
          ? spawn(
              'perf',
              [
                'record',
                '-F',
                '2000',
                '-p',
                String(server.pid),
                '-o',
                `${perfFile}.${name}.${run}`,
              ],
              {
                stdio: 'ignore',
              },
            )
          : undefined;
        if (perf) await new Promise((resolve) => setTimeout(resolve, 300));
        result = await generator.load(
          server.url,
          cold,
          10,
          { amount: cold.length },
          {
            keepLatencies: true,
            ...(primeFor(name) ? { primer: firstSearch } : {}),
          },
        );
        cpu = cpuMs(server.pid) - before;
        main = cpuMs(server.pid, true) - mainBefore;
        waited = waitMs(server.pid) - waitBefore;
        if (perf) {
          const exited = new Promise((resolve) => perf?.once('exit', resolve));
          perf.kill('SIGINT');
          await exited;
        }
        for (const [tid, { name, ms }] of threadsCpu(server.pid)) {
          const spent = ms - (threadsBefore.get(tid)?.ms ?? 0);
          if (spent > 0 && tid !== String(server.pid)) others.set(`${name}/${tid}`, spent);
        }
      } finally {
        await server.stop();
        await generator.stop();
      }
      const latencies = result.latencies ?? [];
      const ends = result.ends ?? [];
      const first = Math.min(...ends.map((end, i) => end - (latencies[i] ?? 0)));
      const last = Math.max(...ends);
      const api = readEvents(apiGc).filter((e) => e.at + e.ms > first && e.at < last);
      const client = readEvents(clientGc).filter((e) => e.at + e.ms > first && e.at < last);
      const p99 = percentile(latencies, 99);
      const tail = latencies.map((ms, i) => ({ ms, end: ends[i] ?? 0 })).filter((r) => r.ms >= p99);
      const tally = { apiFull: 0, apiScavenge: 0, clientGc: 0, none: 0 };
      for (const r of tail) {
        const from = r.end - r.ms;
        if (pause(api, 'mark-compact', from, r.end).length > 0) tally.apiFull += 1;
        else if (pause(api, 'scavenge', from, r.end).length > 0) tally.apiScavenge += 1;
        else if (client.some((e) => e.at + e.ms > from && e.at < r.end)) tally.clientGc += 1;
        else tally.none += 1;
      }
      if (process.env.TAIL_KEEP === '1')
        writeFileSync(
          join(folder, `pass-${name}-${run}.json`),
          JSON.stringify({
            latencies,
            ends,
            ports: result.ports ?? [],
            api: readEvents(apiGc),
            client: readEvents(clientGc),
            service: JSON.parse(readFileSync(serviceFile, 'utf8')),
          }),
        );
      const service = parseServiceTimes(readFileSync(serviceFile, 'utf8'));
      const sum = (events: GcEvent[]) => events.reduce((s, e) => s + e.ms, 0);
      const scavenges = api.filter((e) => e.kind === 'scavenge');
      const n = latencies.length;
      log(
        `run ${run} ${name}: p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, ` +
          `CPU ${((cpu / n) * 1000).toFixed(0)} µs/answer (main ${((main / n) * 1000).toFixed(0)}, main waiting for a core ${((waited / n) * 1000).toFixed(0)}); ` +
          `API: ${scavenges.length} scavenges ${sum(scavenges).toFixed(1)} ms (longest ${Math.max(0, ...scavenges.map((e) => e.ms)).toFixed(1)}), ` +
          `${api.filter((e) => e.kind === 'mark-compact').length} full; other threads ${[...others].map(([name, ms]) => `${name} ${((ms / n) * 1000).toFixed(0)}`).join(', ')} µs/answer; client GC ${client.length} (${sum(client).toFixed(1)} ms); ` +
          `tail ${tail.length}: API full ${tally.apiFull}, API scavenge ${tally.apiScavenge}, client GC ${tally.clientGc}, none ${tally.none}; ` +
          `slowest ${tail
            .map((r) => r.ms)
            .sort((a, b) => b - a)
            .slice(0, 5)
            .map((ms) => ms.toFixed(1))
            .join(', ')} at ${tail
            .map((r) => ((r.end - first) / 1000).toFixed(2))
            .sort()
            .join(' ')} s`,
      );
      log(`  where it waited: ${splitWaits(latencies, ends, result.ports ?? [], service, p99)}`);
    }
  }
} finally {
  if (process.env.TAIL_KEEP === '1') log(`kept in ${folder}`);
  else rmSync(folder, { recursive: true, force: true });
}
