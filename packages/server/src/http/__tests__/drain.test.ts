/**
 * The end of the drain on a real server process over real sockets: connections the kernel
 * completed before the drain ended, still waiting in its queue because the server had not
 * got round to them (a starved process; here a stopped one), are answered, not reset.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import * as z from 'zod';
import { filterGroupsPath } from '@partners-network/contract';
import type { RunningServer } from '../../__tests__/startServer';
import { startServer } from '../../__tests__/startServer';

const folder = mkdtempSync(join(tmpdir(), 'partners-drain-'));
const DRAIN_MS = 500;
/** More than one: Node takes a single connection from the queue per turn of its loop. */
const WAITING = 20;
const SCOPE = { companyId: '20097', scopeGroupId: '20121' };

let server: RunningServer | undefined;

afterEach(() => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The process state letter from /proc: `T` once a stop signal took effect. */
function stateOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
}

interface Exchange {
  /** When the request's bytes were in the kernel (its write called back). */
  sentAt: number;
  /** The whole answer: status line, headers, body. */
  answer: Promise<{ text: string; error?: string }>;
}

/** Connects and sends one GET on its own connection, keeping whatever comes back. */
function exchange(address: URL, path: string): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address.hostname, port: Number(address.port) });
    let text = '';
    let error: string | undefined;
    let connected = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', (cause: Error) => {
      error = cause.message;
      if (!connected) reject(cause);
    });
    const answer = new Promise<{ text: string; error?: string }>((done) =>
      socket.once('close', () => done(error === undefined ? { text } : { text, error })),
    );
    socket.once('connect', () => {
      connected = true;
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${address.host}\r\n\r\n`, (writeError) => {
        if (writeError) reject(writeError);
        else resolve({ sentAt: Date.now(), answer });
      });
    });
  });
}

it('answers the connections still waiting in the kernel when the drain ends', async () => {
  server = await startServer({
    DATABASE_PATH: join(folder, 'partners.db'),
    SEED_PARTNER_COUNT: '40',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    STATS: 'off',
  });
  const { child } = server;
  const pid = child.pid ?? 0;
  const address = new URL(server.address);
  expect((await fetch(`${server.address}/readyz`)).status).toBe(200);

  const signalledAt = Date.now();
  child.kill('SIGTERM');
  // Draining: readiness fails at once.
  while ((await fetch(`${server.address}/readyz`)).status !== 503) await sleep(10);

  // Starved: the process does not run, the kernel still completes connections for it.
  child.kill('SIGSTOP');
  while (stateOf(pid) !== 'T') await sleep(5);
  const path = `${filterGroupsPath(SCOPE)}?locale=en-US`;
  const exchanges = await Promise.all(
    Array.from({ length: WAITING }, () => exchange(address, path)),
  );
  // Past the drain's end while stopped: its timer is the first thing the process runs.
  while (Date.now() - signalledAt < DRAIN_MS + 100) await sleep(20);
  child.kill('SIGCONT');

  const answers = await Promise.all(exchanges.map((sent) => sent.answer));
  expect(await server.exited).toBe(0);

  // Sent before the drain ended, by the server's own clock line.
  const drainOver = server
    .output()
    .split('\n')
    .filter((line) => line.includes('drain over'))
    .map((line) => z.object({ time: z.number() }).parse(JSON.parse(line)).time)[0];
  expect(drainOver).toBeDefined();
  expect(Math.max(...exchanges.map((sent) => sent.sentAt))).toBeLessThan(drainOver ?? 0);

  // Every one answered in full, and told to close: none reset.
  expect(answers.map((answer) => answer.error ?? answer.text.split('\r\n')[0])).toEqual(
    Array.from({ length: WAITING }, () => 'HTTP/1.1 200 OK'),
  );
  for (const answer of answers) expect(answer.text.toLowerCase()).toContain('connection: close');
}, 60_000);
