/**
 * Diagnostic, not part of `npm run bench`: the API of two checkouts (this one and another,
 * for example main's code exported into a folder with its node_modules) side by side with
 * the server section's floors, in the same minutes, so a change is judged against main's
 * code under the same load from the rest of the machine.
 *
 *   npx tsx bench/server/compareServers.ts <partnerCount> <first|br|cold> <runs> <otherRoot>
 *
 * - `first`, `br`: the first search at 10 connections (plain, or with a browser's
 *   Accept-Encoding), the two APIs and the floor taking turns in slices of 0.5 s, as
 *   `measureServer.ts` does; per server its requests/s, p99, and its own CPU time per
 *   answer (user + system from /proc), which a shared machine disturbs less than req/s.
 * - `cold`: the first-ask pass of the server section (the distinct searches of a mix of a
 *   third seed, none asked in the warm-up), on a fresh process of each API per run, in
 *   turns: p50, p99, and CPU per answer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS, createXsrfToken } from '@partners-network/server';
import { BENCH_DIR, log } from '../lib/environment';
import { startChild } from '../lib/child';
import type { RunningChild } from '../lib/child';
import type { LoadRequest, LoadResult } from '../lib/loadGenerator';
import { BROWSER_ACCEPT_ENCODING, mergeLoads, startLoadGenerator } from '../lib/loadGenerator';
import { percentile } from '../lib/stats';
import { ensureDirectoryDb } from './directories';
import { readSiteDefinitions, searchRequests } from './measureServer';
import { buildQueryMix, firstAskPass } from './queryMix';

const TICKS_PER_SECOND = 100;

/** A process's CPU time so far (user + system), in ms; `thread`: its main thread's alone. */
function cpuMs(pid: number, thread = false): number {
  const stat = readFileSync(thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

const [count = 10_000, mode = 'br', runs = 3] = [
  Number(process.argv[2] ?? 10_000),
  process.argv[3] ?? 'br',
  Number(process.argv[4] ?? 3),
];
const otherRoot = process.argv[5];
if (!otherRoot)
  throw new Error('usage: compareServers.ts <count> <first|br|cold> <runs> <otherRoot>');
const roots = { ours: join(BENCH_DIR, '..'), other: otherRoot };
const childOf = (root: string) => join(root, 'bench/server/apiChild.ts');

const path = await ensureDirectoryDb(count);
const definitions = await readSiteDefinitions(path);
const { token } = createXsrfToken();
const encoding = mode === 'first' ? undefined : BROWSER_ACCEPT_ENCODING;
const { warmUp: warmUpMix, firstAsks: coldMix } = firstAskPass(definitions);
const first = buildQueryMix(definitions, 400)
  .filter((query) => query.kind === 'first search')
  .slice(0, 1);
const warmUp = searchRequests(warmUpMix, token, BROWSER_ACCEPT_ENCODING);
const firstRequests = searchRequests(first, token, encoding);
const generator = await startLoadGenerator();

/**
 * Extra Node flags per side (COMPARE_FLAGS_OURS, COMPARE_FLAGS_OTHER, space-separated), to
 * weigh a flag on the same code: for example `--single-threaded-gc --trace-gc` on one side,
 * `--trace-gc` on the other, with COMPARE_LOG_DIR keeping each server's output.
 */
const extraFlags = (name: 'ours' | 'other') =>
  (process.env[`COMPARE_FLAGS_${name.toUpperCase()}`] ?? '').split(' ').filter(Boolean);
let started = 0;
const startApi = (name: 'ours' | 'other') => {
  const logDir = process.env.COMPARE_LOG_DIR;
  started += 1;
  return startChild(
    childOf(roots[name]),
    { BENCH_MODE: 'api', BENCH_DATABASE_PATH: path, BENCH_LOGGER: 'on' },
    undefined,
    [...SERVER_NODE_FLAGS, ...extraFlags(name)],
    logDir ? join(logDir, `${name}-${started}.log`) : '/dev/null',
  );
};

interface Measured {
  result: LoadResult;
  cpuPerAnswerMs: number;
  /** The event loop's thread alone: what requests in flight wait for (zlib's threads not). */
  mainPerAnswerMs: number;
}

async function timed(
  server: RunningChild,
  requests: LoadRequest[],
  bound: { seconds: number } | { amount: number },
): Promise<Measured> {
  const before = cpuMs(server.pid);
  const mainBefore = cpuMs(server.pid, true);
  const result = await generator.load(server.url, requests, 10, bound, { keepLatencies: true });
  return {
    result,
    cpuPerAnswerMs: (cpuMs(server.pid) - before) / result.requests,
    mainPerAnswerMs: (cpuMs(server.pid, true) - mainBefore) / result.requests,
  };
}

const line = (name: string, all: Measured[]) => {
  const merged = mergeLoads(all.map((one) => one.result));
  const cpu = all.reduce((sum, one) => sum + one.cpuPerAnswerMs * one.result.requests, 0);
  const main = all.reduce((sum, one) => sum + one.mainPerAnswerMs * one.result.requests, 0);
  return `${name.padEnd(6)} ${merged.rps.toFixed(0).padStart(6)} req/s, p50 ${merged.p50.toFixed(2)} ms, p99 ${merged.p99.toFixed(2)} ms, CPU ${((cpu / merged.requests) * 1000).toFixed(0)} µs/answer (main thread ${((main / merged.requests) * 1000).toFixed(0)})`;
};

async function firstSearch(): Promise<void> {
  const servers = { ours: await startApi('ours'), other: await startApi('other') };
  const floorBody = join('/tmp', `http-cost-floor-${process.pid}.json`);
  const answer = await fetch(`${servers.ours.url}${firstRequests[0]?.path ?? ''}`, {
    method: 'POST',
    headers: firstRequests[0]?.headers ?? {},
    body: firstRequests[0]?.body ?? null,
  });
  const { writeFileSync } = await import('node:fs');
  writeFileSync(floorBody, await answer.text());
  const floor = await startChild(
    childOf(roots.ours),
    {
      BENCH_MODE: 'floor',
      BENCH_FLOOR_BODY: floorBody,
      BENCH_FLOOR_ENCODING: encoding ? 'br' : '',
    },
    undefined,
    [...SERVER_NODE_FLAGS],
  );
  try {
    for (const server of [servers.ours, servers.other]) {
      await generator.load(server.url, warmUp, 10, { amount: 2000 });
    }
    for (const server of [servers.ours, servers.other, floor]) {
      await generator.load(server.url, firstRequests, 10, { amount: 2000 });
    }
    for (let run = 1; run <= runs; run += 1) {
      const slices: Record<'ours' | 'other' | 'floor', Measured[]> = {
        ours: [],
        other: [],
        floor: [],
      };
      for (let turn = 0; turn < 8; turn += 1) {
        slices.ours.push(await timed(servers.ours, firstRequests, { seconds: 0.5 }));
        slices.floor.push(await timed(floor, firstRequests, { seconds: 0.5 }));
        slices.other.push(await timed(servers.other, firstRequests, { seconds: 0.5 }));
        slices.floor.push(await timed(floor, firstRequests, { seconds: 0.5 }));
      }
      const rps = (all: Measured[]) => mergeLoads(all.map((one) => one.result)).rps;
      log(
        `run ${run}, ${mode} at ${count}: ours ${(rps(slices.ours) / rps(slices.floor)).toFixed(2)}x the floor, other ${(rps(slices.other) / rps(slices.floor)).toFixed(2)}x\n  ${line('ours', slices.ours)}\n  ${line('other', slices.other)}\n  ${line('floor', slices.floor)}`,
      );
    }
  } finally {
    await Promise.all([servers.ours.stop(), servers.other.stop(), floor.stop()]);
  }
}

async function coldPass(): Promise<void> {
  const cold = searchRequests(coldMix, token, BROWSER_ACCEPT_ENCODING);
  const all: Record<'ours' | 'other', number[]> = { ours: [], other: [] };
  for (let run = 1; run <= runs; run += 1) {
    const order = run % 2 === 1 ? (['ours', 'other'] as const) : (['other', 'ours'] as const);
    const lines: string[] = [];
    for (const name of order) {
      const server = await startApi(name);
      try {
        await generator.load(server.url, warmUp, 10, { amount: 2000 });
        const measured = await timed(server, cold, { amount: cold.length });
        all[name].push(measured.result.p99);
        lines.push(line(name, [measured]));
      } finally {
        await server.stop();
      }
    }
    log(`run ${run}, first asks at ${count} (${cold.length}):\n  ${lines.join('\n  ')}`);
  }
  log(
    `p99 medians: ours ${percentile(all.ours, 50).toFixed(2)} ms, other ${percentile(all.other, 50).toFixed(2)} ms`,
  );
}

try {
  await (mode === 'cold' ? coldPass() : firstSearch());
} finally {
  await generator.stop();
}
