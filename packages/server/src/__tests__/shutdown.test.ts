/**
 * SIGTERM under load, on a real server process over real HTTP: readiness fails at once,
 * every request sent before the drain ends is answered, then the process exits 0.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import * as z from 'zod';
import { filterGroupsPath, searchPath } from '@partners-network/contract';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const folder = mkdtempSync(join(tmpdir(), 'partners-shutdown-'));
const DRAIN_MS = 3_000;
const CLIENTS = 24;
const SCOPE = { companyId: '20097', scopeGroupId: '20121' };

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

interface Outcome {
  sentAt: number;
  status: number | null;
  error?: string;
  connection: string | null;
}

async function send(address: string, n: number): Promise<Outcome> {
  const sentAt = Date.now();
  try {
    const response =
      n % 3 === 0
        ? await fetch(`${address}${filterGroupsPath(SCOPE)}?locale=de-DE`)
        : await fetch(`${address}${searchPath(SCOPE)}?locale=en-US`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              cookie: 'XSRF-TOKEN=t',
              'x-xsrf-token': 't',
            },
            body: JSON.stringify({
              globalFilter: '',
              text: ['', 'cloud', 'data', 'sa'][n % 4],
              filterItemIds: [],
              offset: (n % 5) * 10,
              resultsPerPage: 10,
            }),
          });
    await response.arrayBuffer();
    return { sentAt, status: response.status, connection: response.headers.get('connection') };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    return { sentAt, status: null, error: `${String(error)} ${cause}`, connection: null };
  }
}

it('answers every request sent before the drain ends, then exits 0', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: packageRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_PATH: join(folder, 'partners.db'),
      SEED_PARTNER_COUNT: '300',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address:\n${output}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  expect((await fetch(`${address}/readyz`)).status).toBe(200);

  const outcomes: Outcome[] = [];
  let stop = false;
  let n = 0;
  const clients = Array.from({ length: CLIENTS }, async () => {
    while (!stop) outcomes.push(await send(address, n++));
  });
  await new Promise((resolve) => setTimeout(resolve, 400));

  const signalledAt = Date.now();
  child.kill('SIGTERM');
  let notReadyAt = Number.POSITIVE_INFINITY;
  while (Date.now() - signalledAt < DRAIN_MS / 2) {
    const ready = await fetch(`${address}/readyz`);
    if (ready.status === 503) {
      expect(await ready.json()).toEqual({ status: 'DOWN' });
      notReadyAt = Date.now();
      break;
    }
  }
  // Readiness failed at once: within the first third of the drain even on a loaded machine.
  expect(notReadyAt - signalledAt).toBeLessThan(DRAIN_MS / 3);

  const code = await exited;
  const exitedAt = Date.now();
  stop = true;
  await Promise.all(clients);
  expect(code).toBe(0);

  // The drain ends when the server logs that it closes (pino's time, ms since the epoch).
  // sentAt is when this test process called fetch(), not when its connection was made: on a
  // busy 2-core machine that comes up to ~100 ms later (measured up to 130 ms at a load
  // average of 10), after the drain's end for the last ones, whose connection is then
  // refused or reset: the last 250 ms are not counted. A connection made before the end is
  // answered even while it still waits in the kernel's queue (http/__tests__/drain.test.ts).
  const drainOver = output
    .split('\n')
    .filter((line) => line.includes('drain over'))
    .map((line) => z.object({ time: z.number() }).parse(JSON.parse(line)).time)[0];
  expect(drainOver).toBeDefined();
  const drainEnd = (drainOver ?? 0) - 250;
  const beforeEnd = outcomes.filter((outcome) => outcome.sentAt < drainEnd);
  const duringDrain = beforeEnd.filter((outcome) => outcome.sentAt > signalledAt + 100);
  expect(beforeEnd.length).toBeGreaterThan(CLIENTS * 5);
  expect(duringDrain.length).toBeGreaterThan(CLIENTS);
  expect(
    beforeEnd
      .filter((outcome) => outcome.status !== 200)
      .map((outcome) => ({ ...outcome, msBeforeDrainEnd: (drainOver ?? 0) - outcome.sentAt })),
  ).toEqual([]);
  // While draining, answers tell keep-alive clients to go.
  expect(duringDrain.every((outcome) => outcome.connection === 'close')).toBe(true);
  // It closed after the drain, not at the signal; and did not hang once closed.
  expect(exitedAt - signalledAt).toBeGreaterThanOrEqual(DRAIN_MS);
  expect(exitedAt - signalledAt).toBeLessThan(DRAIN_MS + 5_000);
}, 60_000);
