/**
 * How the server holds up as an operator runs it (issue 12):
 * - memory rounds: the API over 100k partners, two identical rounds of a varied query mix
 *   at 100 connections; RSS sampled every second (peak, after each round) with the JS
 *   heap and the memory outside it, so growth is put on a part, not guessed;
 * - shutdown under load: `server.ts` as a real process, 50 clients on keep-alive
 *   connections, SIGTERM mid-load; every request sent before the drain ended must have
 *   an answer; time to readiness 503 and to exit.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import * as z from 'zod';
import { SERVER_NODE_FLAGS, createXsrfToken } from '@partners-network/server';
import { filterDefinitionsSchema, filterGroupsPath, searchPath } from '@partners-network/contract';
import type { Figure, Section } from '../lib/figures';
import { figure } from '../lib/figures';
import type { RunningChild } from '../lib/child';
import { ROOT_DIR, log } from '../lib/environment';
import { mallocArenas } from '../lib/mallocArenas';
import { summarize } from '../lib/stats';
import { ensureDirectoryDb } from './directories';
import { readSiteDefinitions, SCOPE, searchRequests, startApiChild } from './measureServer';
import type { LoadRequest } from '../lib/loadGenerator';
import { BROWSER_ACCEPT_ENCODING, startLoadGenerator } from '../lib/loadGenerator';
import { buildQueryMix } from './queryMix';

const MB = 1024;

export interface OperationOptions {
  partnerCount: number;
  seconds: number;
  connections: number;
  drainMs: number;
  /** The demo server's round (`npm start`), in seconds. */
  demoSeconds: number;
  /** Where the servers' log files and the demo's database go. */
  workDir: string;
}

interface Sample {
  rssMB: number;
  heapUsedMB: number;
  /** The JS heap V8 holds from the system, used or not. */
  heapTotalMB: number;
  /** Of which the young generation (both semi-spaces), whose size V8 sets by throughput. */
  youngMB: number;
  /** Memory outside the JS heap that JS objects hold (array buffers, Node's Buffers included). */
  externalMB: number;
  /** Of which array buffers. */
  arrayBuffersMB: number;
  /** malloc's main arena and its per-thread arenas (part of neither heap nor external). */
  mallocMainMB: number;
  mallocThreadsMB: number;
  /** The rest of the anonymous RSS: V8's pages, malloc's mmapped chunks, stacks. */
  otherAnonymousMB: number;
}

async function sample(
  server: RunningChild,
  reading: 'now' | 'settle' | 'compact' = 'now',
): Promise<Sample & { maxRssMB: number }> {
  const stats = await server.stats({
    settle: reading === 'settle',
    compact: reading === 'compact',
  });
  const arenas = mallocArenas(server.pid);
  return {
    mallocMainMB: arenas.mainMB,
    mallocThreadsMB: arenas.threadsMB,
    otherAnonymousMB: arenas.otherAnonymousMB,
    rssMB: stats.rssKB / MB,
    maxRssMB: stats.maxRssKB / MB,
    heapUsedMB: stats.heapUsedKB / MB,
    heapTotalMB: stats.heapTotalKB / MB,
    youngMB: (stats.spacesKB?.new_space ?? Number.NaN) / MB,
    // `external` counts the array buffers already (process.memoryUsage()).
    externalMB: stats.externalKB / MB,
    arrayBuffersMB: stats.arrayBuffersKB / MB,
  };
}

/**
 * One round of load with RSS and its parts read every second; returns the sample of the
 * round's peak (what made it: heap, buffers, or neither) and what the round left behind:
 * `after` once full collections ran, `kept` once compacting ones ran and RSS stopped falling.
 */
async function round(
  server: RunningChild,
  run: () => Promise<unknown>,
): Promise<{ peak: Sample; after: Sample; kept: Sample; requests: number }> {
  let peak: Sample | undefined;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const now = await sample(server);
      if (!peak || now.rssMB > peak.rssMB) peak = now;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  const result = await run();
  sampling = false;
  await sampler;
  // What the round left behind, not what awaits collection: growth means something is kept.
  const after = await sample(server, 'settle');
  // The same once V8's memory-reducing collection ran and RSS stopped falling (see
  // `serveParent`): read in the same tick as full collections alone, RSS still counted pages
  // V8 had let go (0 to 13 MB), the old generation's free space where the round's last
  // objects happened to land (9 MB apart from one round to the next) and a young generation
  // of 2 or 8 MB: the -13 to +15 MB of earlier runs.
  const kept = await sample(server, 'compact');
  const requests = z.object({ requests: z.number() }).safeParse(result);
  return {
    peak: peak && peak.rssMB > after.rssMB ? peak : after,
    after,
    kept,
    requests: requests.success ? requests.data.requests : 0,
  };
}

async function memoryRounds(options: OperationOptions, notes: string[]): Promise<Figure[]> {
  const path = await ensureDirectoryDb(options.partnerCount);
  const definitions = await readSiteDefinitions(path);
  // Varied: 20,000 searches of the realistic mix, most of them distinct, so every cache
  // fills to its bound within the first round.
  const mix = buildQueryMix(definitions, 20_000, 12);
  const { token } = createXsrfToken();
  const requests = searchRequests(mix, token, BROWSER_ACCEPT_ENCODING);
  const generator = await startLoadGenerator();
  const server = await startApiChild(
    { BENCH_DATABASE_PATH: path, BENCH_LOGGER: 'on' },
    120_000,
    ['--expose-gc'],
    join(options.workDir, 'memory-rounds.log'),
  );
  try {
    const started = await sample(server);
    // Memory is judged here, not latency: on a machine busy enough, 100 connections may wait
    // for an answer longer than the HTTP figures' 10 s, and the round goes on.
    const load = () =>
      generator.load(
        server.url,
        requests,
        options.connections,
        { seconds: options.seconds },
        { timeoutSeconds: 60 },
      );
    const first = await round(server, load);
    const second = await round(server, load);
    // Under load, as the goal says; the start-up build's peak (maxRSS) is its own figure.
    const peakSample = first.peak.rssMB >= second.peak.rssMB ? first.peak : second.peak;
    const peak = peakSample.rssMB;
    const lifetimePeak = (await sample(server)).maxRssMB;
    const growth = second.kept.rssMB - first.kept.rssMB;
    const describe = (name: string, value: Sample) =>
      `${name}: RSS ${value.rssMB.toFixed(0)} MB (JS heap used ${value.heapUsedMB.toFixed(0)} of ${value.heapTotalMB.toFixed(0)} MB held, young generation ${value.youngMB.toFixed(0)} MB; outside the heap ${value.externalMB.toFixed(0)} MB, of which array buffers ${value.arrayBuffersMB.toFixed(0)} MB; neither ${(value.rssMB - value.heapTotalMB - value.externalMB).toFixed(0)} MB; by mapping: malloc's main arena ${value.mallocMainMB.toFixed(0)} MB, its thread arenas ${value.mallocThreadsMB.toFixed(0)} MB, other anonymous memory ${value.otherAnonymousMB.toFixed(0)} MB)`;
    notes.push(
      `Memory rounds at ${options.partnerCount} partners, ${options.connections} connections, ${options.seconds} s each, 20,000-search mix with a browser's Accept-Encoding, the API logging to a file: ${describe('started (index built)', started)}; ${describe('at the peak under load', peakSample)}; ${describe('after round 1, collected', first.after)}, ${first.requests} answers; ${describe('compacted, RSS steady', first.kept)}; ${describe('after round 2, collected', second.after)}, ${second.requests} answers; ${describe('compacted, RSS steady', second.kept)}; RSS added by round 2: ${(second.kept.rssMB - first.kept.rssMB).toFixed(1)} MB compacted (the figure), ${(second.after.rssMB - first.after.rssMB).toFixed(1)} MB after full collections alone; peak RSS of the process, start-up build included, ${lifetimePeak.toFixed(0)} MB.`,
    );
    log(`memory: ${notes[notes.length - 1] ?? ''}`);
    return [
      figure(
        'memory-peak-rss',
        `Peak RSS through two ${options.seconds} s rounds at ${options.connections} connections, ${options.partnerCount / 1000}k partners`,
        'MB',
        summarize([peak]),
        { op: '<=', limit: 400, text: '<= 400 MB' },
        `at start ${started.rssMB.toFixed(0)} MB`,
      ),
      figure(
        'memory-peak-rss-with-build',
        `Peak RSS of the process, its start-up index build included, ${options.partnerCount / 1000}k partners`,
        'MB',
        summarize([lifetimePeak]),
      ),
      figure(
        'memory-second-round-growth',
        'RSS added by a second identical round (each measured after a full garbage collection)',
        'MB',
        summarize([growth]),
        { op: '<=', limit: 10, text: '<= 10 MB' },
        `after round 1 ${first.kept.rssMB.toFixed(0)} MB, after round 2 ${second.kept.rssMB.toFixed(0)} MB (compacted, RSS steady; ${(second.after.rssMB - first.after.rssMB).toFixed(0)} MB after full collections alone)`,
      ),
    ];
  } finally {
    await server.stop();
    await generator.stop();
  }
}

interface Outcome {
  sentAt: number;
  ok: boolean;
  error?: string;
}

export async function shutdownRound(options: OperationOptions, notes: string[]): Promise<Figure[]> {
  const databasePath = await ensureDirectoryDb(10_000);
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', 'packages/server/src/server.ts'],
    {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_PATH: databasePath,
        SHUTDOWN_DRAIN_MS: String(options.drainMs),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const address = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('server.ts did not start in 60 s')), 60_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });
    const outcomes: Outcome[] = [];
    let stop = false;
    let n = 0;
    const headers = {
      'content-type': 'application/json',
      cookie: 'XSRF-TOKEN=t',
      'x-xsrf-token': 't',
    };

    // node:http with a keep-alive agent: `sentAt` is when the request's last byte was handed
    // to the kernel ('finish'), not when this busy process got round to calling it.
    const agent = new Agent({ keepAlive: true, maxSockets: 50 });
    const target = new URL(address);
    const sendOne = (i: number) =>
      new Promise<Outcome>((resolve) => {
        const body =
          i % 4 === 0
            ? undefined
            : JSON.stringify({
                globalFilter: '',
                text: ['', 'data', 'cloud sec', 'zür'][i % 4] ?? '',
                filterItemIds: [],
                offset: (i % 7) * 10,
                resultsPerPage: 10,
              });
        let sentAt = Number.POSITIVE_INFINITY;
        const request = httpRequest(
          {
            agent,
            host: target.hostname,
            port: target.port,
            method: body ? 'POST' : 'GET',
            path: body ? `${searchPath(SCOPE)}?locale=en-US` : filterGroupsPath(SCOPE),
            headers: body ? headers : {},
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve({ sentAt, ok: response.statusCode === 200 }));
            response.on('error', (error) => resolve({ sentAt, ok: false, error: error.message }));
          },
        );
        request.on('finish', () => {
          sentAt = Date.now();
        });
        request.on('error', (error) => resolve({ sentAt, ok: false, error: error.message }));
        request.end(body);
      });
    const clients = Array.from({ length: 50 }, async () => {
      while (!stop) outcomes.push(await sendOne(n++));
    });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    let notReadyMs = Number.NaN;
    while (Date.now() - signalledAt < options.drainMs) {
      const ready = await fetch(`${address}/readyz`).catch(() => null);
      if (ready?.status === 503) {
        notReadyMs = Date.now() - signalledAt;
        break;
      }
    }
    const code = await Promise.race([
      exited,
      new Promise<'timeout'>((resolve) =>
        setTimeout(() => resolve('timeout'), options.drainMs + 30_000),
      ),
    ]);
    const exitMs = Date.now() - signalledAt;
    stop = true;
    await Promise.all(clients);
    agent.destroy();
    if (code !== 0)
      throw new Error(`server.ts exited ${String(code)} after SIGTERM:\n${output.slice(-2000)}`);
    const drainOver = output
      .split('\n')
      .filter((line) => line.includes('drain over'))
      .map((line) => z.object({ time: z.number() }).parse(JSON.parse(line)).time)[0];
    if (drainOver === undefined) throw new Error('server.ts logged no end of drain');
    // A request counts as sent before the drain ended when its bytes were handed to the
    // kernel before the server's own "drain over" line. Its connection was complete by then,
    // so it is in the kernel's queue ahead of the one the server opens to itself at that
    // line, and the listener closes only once that one is accepted (http/drain.ts).
    const before = outcomes.filter((outcome) => outcome.sentAt < drainOver);
    const failures = before.filter((outcome) => !outcome.ok);
    const unanswered = failures.length;
    if (failures.length > 0) {
      log(
        `shutdown: unanswered, ms before the drain's end: ${failures.map((outcome) => `${drainOver - outcome.sentAt} (${outcome.error ?? 'status'})`).join(', ')}`,
      );
    }
    const duringDrain = before.filter((outcome) => outcome.sentAt >= signalledAt).length;
    notes.push(
      `Shutdown under load (server.ts, 10k partners, 50 clients on keep-alive connections, SHUTDOWN_DRAIN_MS=${options.drainMs}): ${before.length} requests sent before the drain ended (${duringDrain} of them after SIGTERM), ${unanswered} without an answer; /readyz answered 503 ${notReadyMs.toFixed(0)} ms after the signal; the process exited 0 ${exitMs} ms after it.`,
    );
    log(`shutdown: ${notes[notes.length - 1] ?? ''}`);
    return [
      figure(
        'shutdown-unanswered',
        'Requests sent before the drain ended that got no answer (SIGTERM under load)',
        'count',
        summarize([unanswered]),
        { op: '<=', limit: 0, text: '0' },
        `${before.length} sent, ${duringDrain} during the drain`,
      ),
      figure('shutdown-readyz-ms', '/readyz 503 after SIGTERM', 'ms', summarize([notReadyMs])),
      figure(
        'shutdown-exit-ms',
        `Exit after SIGTERM (drain ${options.drainMs} ms)`,
        'ms',
        summarize([exitMs]),
      ),
    ];
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

/** The RSS of a process, from /proc (the bench runs on Linux). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / MB;
}

/**
 * `npm start`'s server as `npm start` runs it (demo/src/start.ts, with `SERVER_NODE_FLAGS`:
 * a test keeps the root start script in step), on a fresh database (260 partners, 13
 * languages), under 100 connections of visitors for `demoSeconds`: the realistic search mix
 * and one filter-groups request in five, with a browser's Accept-Encoding. Its log goes to a
 * pipe this process drains, as a terminal or a log collector would.
 */
async function demoRound(options: OperationOptions, notes: string[]): Promise<Figure[]> {
  const databasePath = join(options.workDir, 'demo-round.db');
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', 'demo/src/start.ts'],
    {
      cwd: ROOT_DIR,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: databasePath },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  let logLines = 0;
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const generator = await startLoadGenerator();
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the demo did not start:\n${output}`)),
        120_000,
      );
      child.stdout.on('data', (chunk: Buffer) => {
        const text = chunk.toString();
        logLines += text.split('\n').length - 1;
        if (output.length < 100_000) output += text;
        const match = /demo: (http:\/\/\S+?)\/? /.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once('exit', (code) => reject(new Error(`the demo exited (${code}):\n${output}`)));
    });
    const definitions = filterDefinitionsSchema.parse(
      await (await fetch(`${url}${filterGroupsPath(SCOPE)}?locale=en-US`)).json(),
    );
    const { token } = createXsrfToken();
    const searches = searchRequests(
      buildQueryMix(definitions, 20_000, 12),
      token,
      BROWSER_ACCEPT_ENCODING,
    );
    const definitionsRequest: LoadRequest = {
      method: 'GET',
      path: `${filterGroupsPath(SCOPE)}?locale=en-US`,
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    };
    const requests = searches.flatMap((search, index) =>
      index % 4 === 3 ? [search, definitionsRequest] : [search],
    );
    const started = rssOf(child.pid ?? 0);
    const rss: number[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        rss.push(rssOf(child.pid ?? 0));
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();
    const result = await generator.load(
      url,
      requests,
      100,
      { seconds: options.demoSeconds },
      { timeoutSeconds: 60 },
    );
    sampling = false;
    await sampler;
    const ended = rssOf(child.pid ?? 0);
    const peak = Math.max(...rss, ended);
    notes.push(
      `The demo server (npm start: demo/src/start.ts with ${SERVER_NODE_FLAGS.join(' ')}), 260 partners in 13 languages, 100 connections for ${options.demoSeconds} s (searches of the realistic mix and one filter-groups request in five, a browser's Accept-Encoding): RSS ${started.toFixed(0)} MB at the start, ${ended.toFixed(0)} MB at the end, peak ${peak.toFixed(0)} MB; ${result.requests} answers (${result.rps.toFixed(0)} req/s, p99 ${result.p99.toFixed(0)} ms); ${logLines} lines on its stdout. Each second: ${rss.map((value) => value.toFixed(0)).join(' ')} MB.`,
    );
    log(`demo: ${notes[notes.length - 1] ?? ''}`);
    return [
      figure(
        'demo-peak-rss',
        `The demo server (npm start), peak RSS through ${options.demoSeconds} s at 100 connections`,
        'MB',
        summarize([peak]),
        { op: '<=', limit: 300, text: 'under 300 MB' },
        `at start ${started.toFixed(0)} MB, at the end ${ended.toFixed(0)} MB`,
      ),
    ];
  } finally {
    await generator.stop();
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
  }
}

export async function measureOperation(options: OperationOptions): Promise<Section> {
  const notes: string[] = [];
  const figures = [
    ...(await memoryRounds(options, notes)),
    ...(await demoRound(options, notes)),
    ...(await shutdownRound(options, notes)),
  ];
  return {
    title: 'Operating the server: memory under load, shutdown under load',
    method: `The API child over ${options.partnerCount} generated partners: two identical ${options.seconds} s rounds of a 20,000-search mix at ${options.connections} connections (autocannon), RSS read every second over IPC; then server.ts as a real process under 50 keep-alive clients, SIGTERM after 2 s.`,
    figures,
    notes,
  };
}
