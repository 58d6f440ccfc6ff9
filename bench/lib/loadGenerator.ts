/**
 * The bench's HTTP load generator, in a process of its own (loadChild.ts): autocannon on
 * 127.0.0.1, pipelining 1, one scenario at a time. The bench process keeps no client of its
 * own, so neither its heap (a 100k store opened for the store figures) nor its garbage
 * collections sit between a server and its load.
 */
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { awaitMessage } from './child';
import { BENCH_DIR } from './environment';
import { percentile } from './stats';

/** What every browser sends: the API answers brotli (the server's first choice) to it. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export interface LoadRequest {
  method: 'POST' | 'GET';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export type LoadBound = { seconds: number } | { amount: number };

export interface LoadJob {
  type: 'load';
  id: number;
  url: string;
  requests: LoadRequest[];
  connections: number;
  bound: LoadBound;
  /** Return every answer's time too, so slices of one scenario can be merged (`mergeLoads`). */
  keepLatencies: boolean;
  /** A request without an answer for this long is an error that fails the scenario. */
  timeoutSeconds: number;
  /** At most this many requests a second over all connections (none: as fast as answered). */
  maxRate?: number;
  /**
   * Asked first on each connection, its answer neither timed nor counted (count-bound jobs
   * only): the connections are open, accepted and answered once before the timed requests.
   */
  primer?: LoadRequest;
}

export interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  /** Bytes autocannon read per answer (head and body): shows whether answers were compressed. */
  bytesPerAnswer: number;
  /** Seconds the scenario ran. */
  seconds: number;
  /** Every answer's time in ms, when the job asked for them. */
  latencies?: number[];
  /**
   * When each of those answers arrived, in ms since the epoch (in the same order), with
   * LOAD_KEEP_ENDS=1 in the environment (diagnostics).
   */
  ends?: number[];
  /** With `ends`: the local port of each answer's connection (the server's remote port). */
  ports?: number[];
}

/** Slices of one scenario as one: answers over their summed time, percentiles of every answer. */
export function mergeLoads(slices: readonly LoadResult[]): LoadResult {
  const latencies = slices.flatMap((slice) => slice.latencies ?? []);
  const requests = slices.reduce((sum, slice) => sum + slice.requests, 0);
  const seconds = slices.reduce((sum, slice) => sum + slice.seconds, 0);
  const bytes = slices.reduce((sum, slice) => sum + slice.bytesPerAnswer * slice.requests, 0);
  if (latencies.length !== requests) throw new Error('mergeLoads needs every answer time');
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rps: requests / seconds,
    requests,
    bytesPerAnswer: bytes / requests,
    seconds,
  };
}

export type LoadReply =
  | { type: 'ready' }
  | { type: 'loaded'; id: number; result: LoadResult }
  | { type: 'error'; id: number; message: string };

export function isLoadJob(message: unknown): message is LoadJob {
  return (
    typeof message === 'object' && message !== null && 'type' in message && message.type === 'load'
  );
}

function isLoadReply(message: unknown): message is LoadReply {
  if (typeof message !== 'object' || message === null || !('type' in message)) return false;
  return message.type === 'ready' || message.type === 'loaded' || message.type === 'error';
}

export interface LoadGenerator {
  /** Runs one scenario and returns its figures; throws on any non-2xx answer or error. */
  load(
    url: string,
    requests: readonly LoadRequest[],
    connections: number,
    bound: LoadBound,
    options?: {
      keepLatencies?: boolean;
      timeoutSeconds?: number;
      maxRate?: number;
      primer?: LoadRequest;
    },
  ): Promise<LoadResult>;
  stop(): Promise<void>;
}

function waitFor<T>(child: ChildProcess, pick: (reply: LoadReply) => T | undefined, ms: number) {
  return awaitMessage(
    child,
    (message) => (isLoadReply(message) ? pick(message) : undefined),
    ms,
    'answer from the load generator',
  );
}

/**
 * Starts the load generator's process; `stop()` ends it. `execArgv`: Node flags added to
 * its own (a diagnostic's preload, for example).
 */
export async function startLoadGenerator(execArgv: readonly string[] = []): Promise<LoadGenerator> {
  const child = fork(join(BENCH_DIR, 'lib/loadChild.ts'), [], {
    execArgv: ['--import', 'tsx', ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    await waitFor(child, (reply) => (reply.type === 'ready' ? true : undefined), 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  let nextId = 0;
  return {
    async load(url, requests, connections, bound, options) {
      const id = (nextId += 1);
      const job: LoadJob = {
        type: 'load',
        id,
        url,
        requests: [...requests],
        connections,
        bound,
        keepLatencies: options?.keepLatencies ?? false,
        timeoutSeconds: options?.timeoutSeconds ?? 10,
        ...(options?.maxRate ? { maxRate: options.maxRate } : {}),
        ...(options?.primer ? { primer: options.primer } : {}),
      };
      // A count-bound scenario on a loaded machine may take minutes.
      const limitMs =
        'seconds' in bound ? (bound.seconds + job.timeoutSeconds) * 1000 + 60_000 : 600_000;
      const replied = waitFor(
        child,
        (reply) => (reply.type !== 'ready' && reply.id === id ? reply : undefined),
        limitMs,
      );
      child.send(job);
      const reply = await replied;
      if (reply.type === 'error') throw new Error(reply.message);
      return reply.result;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
