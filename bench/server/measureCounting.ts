/**
 * What counting searches costs (issue 27): the bench's HTTP mix at 10 connections against
 * two API processes on copies of the same directory, one counting (STATS=on) and one not
 * (STATS=off), side by side in one run: both are started and warmed up, then loaded in
 * turns of a few seconds, the order alternating, so the pairs compared ran a few seconds
 * apart under the same load of the machine. The rate of each turn is the mix's
 * requests/s; its CPU is the server process's own (user + system, from /proc), per
 * request, which other processes on a shared machine disturb far less. Counting on
 * flushes every second here (every minute in production), so the flushes are inside the
 * measured turns.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createXsrfToken, openSqliteStore } from '@partners-network/server';
import { BENCH_DIR, log } from '../lib/environment';
import type { Section } from '../lib/figures';
import { figure } from '../lib/figures';
import { startChild } from '../lib/child';
import type { RunningChild } from '../lib/child';
import { summarize } from '../lib/stats';
import { ensureDirectoryDb } from './directories';
import { SCOPE, load } from './measureServer';
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
  /** Pairs of turns (one on, one off). */
  runs: number;
  /** Seconds of each turn. */
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

async function turn(server: RunningChild, mix: MixQuery[], token: string, seconds: number) {
  const cpuBefore = cpuMs(server.pid);
  const result = await load(server.url, mix, token, 10, { seconds });
  return { rps: result.rps, cpuPerRequest: (cpuMs(server.pid) - cpuBefore) / result.requests };
}

async function startServers(options: CountingOptions): Promise<Record<Mode, RunningChild>> {
  const cached = await ensureDirectoryDb(options.partnerCount);
  const servers: Partial<Record<Mode, RunningChild>> = {};
  for (const mode of ['on', 'off'] as const) {
    // Copies: the counts flushed must not go into the cached directory, nor one
    // process's writes slow the other's reads.
    const path = join(options.workDir, `counting-${options.partnerCount}-${mode}.db`);
    copyFileSync(cached, path);
    servers[mode] = await startChild(CHILD, {
      BENCH_DATABASE_PATH: path,
      BENCH_STATS: mode,
      BENCH_STATS_FLUSH_MS: '1000',
    });
  }
  if (!servers.on || !servers.off) throw new Error('the servers did not start');
  return { on: servers.on, off: servers.off };
}

export async function measureCounting(options: CountingOptions): Promise<Section> {
  const definitionsStore = openSqliteStore({ path: await ensureDirectoryDb(options.partnerCount) });
  const definitions = await definitionsStore.getFilterDefinitions(SCOPE, 'en-US');
  await definitionsStore.close();
  if (!definitions) throw new Error('no site in the directory');
  const mix = buildQueryMix(definitions, MIX_SIZE);
  const { token } = createXsrfToken();
  const servers = await startServers(options);
  const turns: Record<Mode, { rps: number[]; cpu: number[] }> = {
    on: { rps: [], cpu: [] },
    off: { rps: [], cpu: [] },
  };
  const ratios: number[] = [];
  try {
    // The same warm-up for both: JIT, page cache and the mix's answers cached.
    for (const mode of ['on', 'off'] as const)
      await load(servers[mode].url, mix, token, 10, { seconds: 3 });
    for (let run = 1; run <= options.runs; run += 1) {
      const order: Mode[] = run % 2 === 1 ? ['on', 'off'] : ['off', 'on'];
      const pair: Partial<Record<Mode, number>> = {};
      for (const mode of order) {
        const measured = await turn(servers[mode], mix, token, options.seconds);
        turns[mode].rps.push(measured.rps);
        turns[mode].cpu.push(measured.cpuPerRequest);
        pair[mode] = measured.rps;
      }
      const ratio = (pair.on ?? 0) / (pair.off ?? 1);
      ratios.push(ratio);
      log(
        `counting ${options.partnerCount} pair ${run}/${options.runs}: on ${pair.on?.toFixed(0)} req/s, off ${pair.off?.toFixed(0)} req/s, ratio ${ratio.toFixed(3)}`,
      );
    }
    const stats = await servers.on.stats();
    log(`counting on: peak RSS ${(stats.maxRssKB / 1024).toFixed(0)} MB`);
  } finally {
    await Promise.all([servers.on.stop(), servers.off.stop()]);
  }
  return countingSection(options, turns, ratios);
}

function countingSection(
  options: CountingOptions,
  turns: Record<Mode, { rps: number[]; cpu: number[] }>,
  ratios: number[],
): Section {
  const size = `${options.partnerCount / 1000}k`;
  const cpuOn = summarize(turns.on.cpu).median;
  const cpuOff = summarize(turns.off.cpu).median;
  return {
    title: 'What counting searches costs (issue 27)',
    method: `The generated directory of ${options.partnerCount} partners, a copy of the cached SQLite file for each of two API processes (buildApp, the server's own composition) on 127.0.0.1: one with the search counts on (STATS=on, flushed every second to its file; every minute in production), one with them off (STATS=off). Both started and warmed up (3 s of the mix each), then the HTTP mix of the server section (${MIX_SIZE} searches, bench/server/queryMix.ts) at 10 connections in turns of ${options.seconds} s, one process at a time, the order alternating pair by pair (on then off, off then on). The ratio is taken within each pair (turns a few seconds apart, under the same load of the machine); its median is judged. CPU per request: the server process's user + system time during the turn (/proc), over the answers.`,
    figures: [
      figure(
        `counting.${size}.on.rps`,
        `HTTP 10 conn., mix, counting on, ${size}`,
        'req/s',
        summarize(turns.on.rps),
      ),
      figure(
        `counting.${size}.off.rps`,
        `HTTP 10 conn., mix, counting off, ${size}`,
        'req/s',
        summarize(turns.off.rps),
      ),
      figure(
        `counting.${size}.ratio`,
        `Requests/s with counting on over off (per pair), ${size}`,
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
