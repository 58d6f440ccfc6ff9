/**
 * Servers under test run in child processes (node with tsx's loader, one process, so
 * its pid is the server's), talking to the bench over IPC: `ready` with the address,
 * `stats` with its memory, `stop` to close. Every wait is bounded.
 */
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';

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
    }
  | { type: 'error'; message: string };

/** `settle`: a full garbage collection first (children started with --expose-gc). */
export type ParentMessage = { type: 'stats'; settle?: boolean } | { type: 'stop' };

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
   * is waiting to be collected).
   */
  stats(options?: {
    settle?: boolean;
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
        const reply = nextMessage(child, 'stats', 10_000);
        send({ type: 'stats', settle: options?.settle });
        const { maxRssKB, rssKB, heapUsedKB, heapTotalKB, externalKB, arrayBuffersKB } =
          await reply;
        return { maxRssKB, rssKB, heapUsedKB, heapTotalKB, externalKB, arrayBuffersKB };
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
        });
      };
      const gc: unknown = Reflect.get(globalThis, 'gc');
      if ('settle' in message && message.settle === true && typeof gc === 'function') {
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
