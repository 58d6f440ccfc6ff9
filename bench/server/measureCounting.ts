/**
 * What counting searches costs (issue 27): the bench's HTTP mix against two API
 * processes on copies of the same directory, one counting (STATS=on) and one not
 * (STATS=off), side by side in one run and loaded at once, so that the rest of a shared
 * machine's load weighs on both alike: the process that needs more CPU per request
 * answers fewer requests. Each process's own CPU time per request (from /proc) is given
 * beside it. Counting on flushes every second here (every minute in production), so the
 * flushes are inside the measured seconds.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createXsrfToken } from '@partners-network/server';
import { BENCH_DIR, log } from '../lib/environment';
import type { Section } from '../lib/figures';
import { figure } from '../lib/figures';
import { startChild } from '../lib/child';
import type { RunningChild } from '../lib/child';
import { summarize } from '../lib/stats';
import { ensureDirectoryDb } from './directories';
import type { LoadGenerator } from '../lib/loadGenerator';
import { startLoadGenerator } from '../lib/loadGenerator';
import { readSiteDefinitions, searchRequests } from './measureServer';
import type { MixQuery } from './queryMix';
import { buildQueryMix } from './queryMix';

const CHILD = join(BENCH_DIR, 'server/countingChild.ts');
const MIX_SIZE = 400;
/** Counting may cost at most 5 % of the mix's requests per second. */
const MIN_RATIO = 0.95;
/** Linux's clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat's times. */
const TICKS_PER_SECOND = 100;

export interface CountingOptions {
  partnerCount: number;
  /** Runs: both processes loaded at once. */
  runs: number;
  /** Seconds of each run. */
  seconds: number;
  workDir: string;
}

type Mode = 'on' | 'off';

/** A process's CPU time so far (user + system), in ms. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command (in parentheses, which may hold spaces): utime is the 14th
  // field of the line, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

async function turn(
  generator: LoadGenerator,
  server: RunningChild,
  mix: MixQuery[],
  token: string,
  seconds: number,
) {
  const cpuBefore = cpuMs(server.pid);
  const result = await generator.load(server.url, searchRequests(mix, token), 10, { seconds });
  return { rps: result.rps, cpuPerRequest: (cpuMs(server.pid) - cpuBefore) / result.requests };
}

/**
 * A fresh pair for each run, started at once. Two processes of the same code on the same
 * data differ by 6 to 10 % in requests/s for as long as they live (an A/A pairing with
 * counting off in both read 0.945x and 1.098x, the same process the dearer in every run;
 * bench/README.md, counting17): with one pair for every run, that pair's own difference
 * would be judged as counting's cost. A new pair per run makes it a noise the median
 * over the runs evens out.
 */
async function startServers(
  options: CountingOptions,
  run: number,
): Promise<Record<Mode, RunningChild>> {
  const cached = await ensureDirectoryDb(options.partnerCount);
  const [on, off] = await Promise.all(
    (['on', 'off'] as const).map((mode) => {
      // Copies: the counts flushed must not go into the cached directory, nor one
      // process's writes slow the other's reads.
      const path = join(options.workDir, `counting-${options.partnerCount}-${run}-${mode}.db`);
      copyFileSync(cached, path);
      return startChild(CHILD, {
        BENCH_DATABASE_PATH: path,
        BENCH_STATS: mode,
        BENCH_STATS_FLUSH_MS: '1000',
      });
    }),
  );
  if (!on || !off) throw new Error('the servers did not start');
  return { on, off };
}

export async function measureCounting(options: CountingOptions): Promise<Section> {
  const definitions = await readSiteDefinitions(await ensureDirectoryDb(options.partnerCount));
  const mix = buildQueryMix(definitions, MIX_SIZE);
  const { token } = createXsrfToken();
  // One load generator per server, each a process of its own (as the server section's).
  const generators = { on: await startLoadGenerator(), off: await startLoadGenerator() };
  const turns: Turns = { on: { rps: [], cpu: [] }, off: { rps: [], cpu: [] } };
  const ratios: number[] = [];
  try {
    for (let run = 1; run <= options.runs; run += 1) {
      const servers = await startServers(options, run);
      try {
        // The same warm-up for both: JIT, page cache and the mix's answers cached.
        for (const mode of ['on', 'off'] as const) {
          await generators[mode].load(servers[mode].url, searchRequests(mix, token), 10, {
            seconds: 3,
          });
        }
        // Both at once: whatever else the machine runs weighs on both alike, moment by moment.
        const [on, off] = await Promise.all(
          (['on', 'off'] as const).map((mode) =>
            turn(generators[mode], servers[mode], mix, token, options.seconds),
          ),
        );
        if (!on || !off) throw new Error('a turn gave no figures');
        turns.on.rps.push(on.rps);
        turns.on.cpu.push(on.cpuPerRequest);
        turns.off.rps.push(off.rps);
        turns.off.cpu.push(off.cpuPerRequest);
        ratios.push(on.rps / off.rps);
        log(
          `counting ${options.partnerCount} run ${run}/${options.runs}: on ${on.rps.toFixed(0)} req/s, off ${off.rps.toFixed(0)} req/s, ratio ${(on.rps / off.rps).toFixed(3)}`,
        );
        if (run === options.runs) {
          const stats = await servers.on.stats();
          log(`counting on: peak RSS ${(stats.maxRssKB / 1024).toFixed(0)} MB`);
        }
      } finally {
        await Promise.all([servers.on.stop(), servers.off.stop()]);
      }
    }
  } finally {
    await Promise.all([generators.on.stop(), generators.off.stop()]);
  }
  return countingSection(options, turns, ratios);
}

type Turns = Record<Mode, { rps: number[]; cpu: number[] }>;

function countingSection(options: CountingOptions, turns: Turns, ratios: number[]): Section {
  const size = `${options.partnerCount / 1000}k`;
  const cpuOn = summarize(turns.on.cpu).median;
  const cpuOff = summarize(turns.off.cpu).median;
  return {
    title: 'What counting searches costs (issue 27)',
    method: `The generated directory of ${options.partnerCount} partners, a copy of the cached SQLite file for each of two API processes (buildApp, the server's own composition) on 127.0.0.1: one with the search counts on (STATS=on, flushed every second to its file; every minute in production), one with them off (STATS=off). For each of ${options.runs} runs a fresh pair is started at once and warmed up (3 s of the mix each; two processes of the same code differ by several per cent for as long as they live, so one pair for every run would judge its own difference), then both are loaded at once for ${options.seconds} s, each with the HTTP mix of the server section (${MIX_SIZE} searches, bench/server/queryMix.ts) at 10 connections: they share the machine moment by moment, so what else runs on it weighs on both alike, and the one that needs more CPU per request answers fewer. The ratio is taken within each run; its median is judged. CPU per request: each server process's user + system time during the run (/proc), over its answers.`,
    figures: [
      figure(
        `counting.${size}.on.rps`,
        `HTTP 10 conn. each, mix, counting on, ${size}`,
        'req/s',
        summarize(turns.on.rps),
      ),
      figure(
        `counting.${size}.off.rps`,
        `HTTP 10 conn. each, mix, counting off, ${size}`,
        'req/s',
        summarize(turns.off.rps),
      ),
      figure(
        `counting.${size}.ratio`,
        `Requests/s with counting on over off (both loaded at once), ${size}`,
        'ratio',
        summarize(ratios),
        { op: '>=', limit: MIN_RATIO, text: `>= ${MIN_RATIO}x (counting costs at most 5 %)` },
      ),
      figure(
        `counting.${size}.on.cpu`,
        `Server CPU per request, counting on, ${size}`,
        'ms',
        summarize(turns.on.cpu),
      ),
      figure(
        `counting.${size}.off.cpu`,
        `Server CPU per request, counting off, ${size}`,
        'ms',
        summarize(turns.off.cpu),
      ),
    ],
    notes: [
      `Server CPU per request, counting on over off: ${(cpuOn / cpuOff).toFixed(3)}x (medians).`,
    ],
  };
}
