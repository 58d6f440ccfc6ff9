/**
 * Servers under test run in child processes (node with tsx's loader, one process, so
 * its pid is the server's), talking to the bench over IPC: `ready` with the address,
 * `stats` with its memory, `stop` to close. Every wait is bounded.
 */
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { getHeapSpaceStatistics, getHeapStatistics, queryObjects } from 'node:v8';

export type ChildMessage =
  | { type: 'ready'; url: string }
  | {
      type: 'stats';
      maxRssKB: number;
      rssKB: number;
      /** process.memoryUsage() by part, in KB: the JS heap, and memory outside it. */
      heapUsedKB: number;
      heapTotalKB: number;
      externalKB: number;
      arrayBuffersKB: number;
      /** V8's own view, in KB: each space's committed size (new_space: the young generation). */
      spacesKB?: Record<string, number>;
      /** What V8 holds from malloc (zones, its own structures), in KB. */
      mallocedKB?: number;
    }
  | { type: 'error'; message: string };

/**
 * `settle`: full garbage collections first (children started with --expose-gc); `compact`:
 * a memory-reducing one, then the reading once RSS stopped falling (see `serveParent`).
 */
export type ParentMessage =
  { type: 'stats'; settle?: boolean; compact?: boolean } | { type: 'stop' };

function isChildMessage(message: unknown): message is ChildMessage {
  if (typeof message !== 'object' || message === null || !('type' in message)) return false;
  return message.type === 'ready' || message.type === 'stats' || message.type === 'error';
}

export interface RunningChild {
  url: string;
  pid: number;
  /**
   * The child's peak RSS so far (process.resourceUsage().maxRSS), its RSS now and its
   * parts, in KB; with `settle`, after a full garbage collection (what is kept, not what
   * is waiting to be collected); with `compact`, after a memory-reducing collection and once
   * RSS stopped falling (what is kept, not where V8's free space happens to sit).
   */
  stats(options?: {
    settle?: boolean;
    compact?: boolean;
  }): Promise<Omit<Extract<ChildMessage, { type: 'stats' }>, 'type'>>;
  stop(): Promise<void>;
}

/**
 * The first message of `child` that `pick` takes (anything but undefined), within `timeoutMs`;
 * rejects when the child exits first or `pick` throws. `what` names the wait in errors.
 */
export function awaitMessage<T>(
  child: ChildProcess,
  pick: (message: unknown) => T | undefined,
  timeoutMs: number,
  what: string,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`child ${child.pid}: no ${what} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (message: unknown) => {
      let picked: T | undefined;
      try {
        picked = pick(message);
      } catch (error) {
        cleanup();
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (picked === undefined) return;
      cleanup();
      resolve(picked);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`child ${child.pid} exited (${code}) before ${what}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

function nextMessage<T extends ChildMessage['type']>(
  child: ChildProcess,
  type: T,
  timeoutMs: number,
): Promise<Extract<ChildMessage, { type: T }>> {
  return awaitMessage(
    child,
    (message) => {
      if (!isChildMessage(message)) return undefined;
      if (message.type === 'error') throw new Error(`child ${child.pid}: ${message.message}`);
      return message.type === type ? (message as Extract<ChildMessage, { type: T }>) : undefined;
    },
    timeoutMs,
    `"${type}" message`,
  );
}

export async function startChild(
  script: string,
  env: Record<string, string>,
  // A 100k server builds its index before it says ready: 7 s on a quiet machine, over a
  // minute under a load average of 18.
  timeoutMs = 180_000,
  nodeOptions: string[] = [],
  /** Where the child's stdout goes (a server's log lines): a file, or this process's. */
  stdoutFile?: string,
): Promise<RunningChild> {
  const stdout = stdoutFile === undefined ? 'inherit' : openSync(stdoutFile, 'w');
  const child = fork(script, [], {
    execArgv: ['--import', 'tsx', ...nodeOptions],
    env: { ...process.env, ...env },
    stdio: ['ignore', stdout, 'inherit', 'ipc'],
  });
  // The child has its own copy of the descriptor.
  if (typeof stdout === 'number') closeSync(stdout);
  const send = (message: ParentMessage) => child.send(message);
  try {
    const ready = await nextMessage(child, 'ready', timeoutMs);
    return {
      url: ready.url,
      pid: child.pid ?? 0,
      async stats(options) {
        // A compacting reading waits up to 10 s for RSS to stop falling.
        const reply = nextMessage(child, 'stats', 30_000);
        send({ type: 'stats', settle: options?.settle, compact: options?.compact });
        // The reply as it came (its `type` field rides along unread).
        return await reply;
      },
      async stop() {
        if (child.exitCode !== null) return;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        send({ type: 'stop' });
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/** A class of which no object exists: the heap profiler's count of it is a collection. */
class NeverMade {
  readonly made = false;
}

/**
 * Calls `then` once RSS fell by less than 256 KB over the last second (read every 100 ms),
 * at most 10 s after the call: memory the process kept does not fall, memory being given
 * back does.
 */
function waitForSteadyRss(then: () => void): void {
  const started = Date.now();
  const readings: number[] = [];
  const step = () => {
    readings.push(process.memoryUsage.rss());
    const secondAgo = readings[readings.length - 11];
    const last = readings[readings.length - 1] ?? 0;
    if ((secondAgo !== undefined && secondAgo - last < 256 * 1024) || Date.now() - started > 10_000)
      then();
    else setTimeout(step, 100);
  };
  step();
}

/** The child side: answers `stats` and `stop`; `close` runs before the process exits. */
export function serveParent(url: string, close: () => Promise<void>): void {
  const send = (message: ChildMessage) => process.send?.(message);
  process.on('message', (message: unknown) => {
    if (typeof message !== 'object' || message === null || !('type' in message)) return;
    if (message.type === 'stats') {
      const report = () => {
        const memory = process.memoryUsage();
        const kb = (bytes: number) => Math.round(bytes / 1024);
        send({
          type: 'stats',
          maxRssKB: process.resourceUsage().maxRSS,
          rssKB: kb(memory.rss),
          heapUsedKB: kb(memory.heapUsed),
          heapTotalKB: kb(memory.heapTotal),
          externalKB: kb(memory.external),
          arrayBuffersKB: kb(memory.arrayBuffers),
          spacesKB: Object.fromEntries(
            getHeapSpaceStatistics().map((space) => [space.space_name, kb(space.space_size)]),
          ),
          mallocedKB: kb(getHeapStatistics().malloced_memory),
        });
      };
      const gc: unknown = Reflect.get(globalThis, 'gc');
      if ('compact' in message && message.compact === true) {
        // A plain full collection moves objects off only the emptiest old-generation pages:
        // after a round the pages' free space differs (9 MB from one round to the next, same
        // live objects) with where the round's last objects happened to land, and V8 shrinks
        // the young generation (8 to 2 MB) or not with how fast the process allocated just
        // before. The memory-reducing collection V8 runs under memory pressure (asked for here
        // by the heap profiler's object count, the lightest call of Node's that runs it) compacts
        // the old generation and shrinks the young one every time, so what stays is what is
        // kept; a leak stays with it. V8 then unmaps the emptied pages on its own threads,
        // after the collection returns (up to 14 MB that a reading in the same tick still
        // counted): the reading waits until RSS stops falling. Node prints an experimental
        // warning the first time.
        queryObjects(NeverMade, { format: 'count' });
        waitForSteadyRss(report);
      } else if ('settle' in message && message.settle === true && typeof gc === 'function') {
        // Two full collections half a second apart: the first frees what is garbage, and V8
        // gives the pages it freed back (concurrent sweeping, then unmapping) only after it.
        gc();
        setTimeout(() => {
          gc();
          report();
        }, 500);
      } else {
        report();
      }
    } else if (message.type === 'stop') {
      close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    }
  });
  // The bench went away: do not outlive it.
  process.on('disconnect', () => {
    close().finally(() => process.exit(0));
  });
  send({ type: 'ready', url });
}

export function reportChildError(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.send?.({ type: 'error', message } satisfies ChildMessage);
  console.error(error);
  process.exit(1);
}
