/**
 * Diagnostic, not part of `npm run bench`: what counting costs each process itself, free of
 * the pair's own difference. The counting section compares two processes, one counting and
 * one not, and two processes of the same code differ by 6 to 10 % for as long as they live
 * (bench/README.md, counting17). Here two API processes (countingChild.ts, BENCH_STATS=switch)
 * are loaded at once as in the section, and between turns a signal switches which one
 * counts: in odd turns the first counts, in even turns the second. So each process is read
 * counting and not counting, and each turn still pairs on with off under the same load.
 *
 *   npx tsx bench/server/switchCounting.ts [turns=16] [seconds=2]
 *
 * Per process: CPU per request (all threads, /proc) in its counting turns over its turns
 * without, each turn against the mean of its two neighbours (a drift of the machine's load
 * cancels); and the turns' requests/s counting over not, both processes' turns together.
 * PAIR_SIZE=<partners> (100000), PAIR_FLUSH_MS (1000, the section's).
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
const turns = Number(process.argv[2] ?? 16);
const seconds = Number(process.argv[3] ?? 2);
const partnerCount = Number(process.env.PAIR_SIZE ?? 100_000);
const flushMs = process.env.PAIR_FLUSH_MS ?? '1000';

function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

interface Turn {
  counting: boolean;
  rps: number;
  cpu: number;
}

/** Each turn of one process over the mean of its neighbours (which counted the other way). */
function againstNeighbours(list: readonly Turn[], pick: (turn: Turn) => number): number[] {
  const ratios: number[] = [];
  for (let at = 1; at < list.length - 1; at += 1) {
    const turn = list[at];
    const before = list[at - 1];
    const after = list[at + 1];
    if (!turn || !before || !after) continue;
    const others = (pick(before) + pick(after)) / 2;
    ratios.push(turn.counting ? pick(turn) / others : others / pick(turn));
  }
  return ratios;
}

async function main(): Promise<void> {
  const { path: cached, requests } = await mixRequestsFor(partnerCount, 400);
  const workDir = mkdtempSync(join(tmpdir(), 'switch-counting-'));
  const servers: RunningChild[] = [];
  const generators: LoadGenerator[] = [];
  const byProcess: Turn[][] = [[], []];
  const paired: number[] = [];
  try {
    const started = await Promise.all(
      [0, 1].map((index) => {
        const path = join(workDir, `counting-${index}.db`);
        copyFileSync(cached, path);
        return startChild(
          CHILD,
          { BENCH_DATABASE_PATH: path, BENCH_STATS: 'switch', BENCH_STATS_FLUSH_MS: flushMs },
          300_000,
        );
      }),
    );
    servers.push(...started);
    generators.push(await startLoadGenerator(), await startLoadGenerator());
    // Both count from the start: the second stops before the first turn.
    const second = servers[1];
    if (!second) throw new Error('no second server');
    process.kill(second.pid, 'SIGUSR2');
    for (const [index, server] of servers.entries()) {
      await generators[index]?.load(server.url, requests, 10, { seconds: 3 });
    }
    for (let turn = 0; turn < turns; turn += 1) {
      if (turn > 0) {
        for (const server of servers) process.kill(server.pid, 'SIGUSR2');
        // The signal is handled on the child's event loop, between two requests.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const firstCounts = turn % 2 === 0;
      const results = await Promise.all(
        servers.map(async (server, index) => {
          const generator = generators[index];
          if (!generator) throw new Error('no generator');
          const before = cpuMs(server.pid);
          const result = await generator.load(server.url, requests, 10, { seconds });
          return {
            counting: (index === 0) === firstCounts,
            rps: result.rps,
            cpu: ((cpuMs(server.pid) - before) * 1000) / result.requests,
          };
        }),
      );
      results.forEach((result, index) => byProcess[index]?.push(result));
      const on = results.find((result) => result.counting);
      const off = results.find((result) => !result.counting);
      if (on && off) paired.push(on.rps / off.rps);
      console.log(
        `turn ${turn + 1}: ${results.map((r, i) => `#${i + 1} ${r.counting ? 'on ' : 'off'} ${r.rps.toFixed(0)} req/s ${r.cpu.toFixed(0)} µs`).join('; ')}`,
      );
    }
  } finally {
    await Promise.all([...servers.map((s) => s.stop()), ...generators.map((g) => g.stop())]);
    rmSync(workDir, { recursive: true, force: true });
  }
  for (const [index, list] of byProcess.entries()) {
    const cpu = againstNeighbours(list, (turn) => turn.cpu);
    const rps = againstNeighbours(list, (turn) => turn.rps);
    console.log(
      `process #${index + 1}: counting over not, CPU per request ${median(cpu).toFixed(3)}x (turns ${cpu.map((r) => r.toFixed(2)).join(' ')}), req/s ${median(rps).toFixed(3)}x`,
    );
  }
  // The first counts in odd turns, the second in even ones: each pair's own difference
  // weighs as much on either side, and the geometric mean takes it out.
  const odd = paired.filter((_, turn) => turn % 2 === 0);
  const even = paired.filter((_, turn) => turn % 2 === 1);
  const crossed = Math.sqrt(median(odd) * median(even));
  console.log(
    `turns paired (on over off, at once): first counting ${median(odd).toFixed(3)}x, second counting ${median(even).toFixed(3)}x; crossed ${crossed.toFixed(3)}x`,
  );
}

await main();
