/** Runs src/server.ts as a real process: seeding, reuse of the database, SIGTERM. */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { searchPath, searchResponseSchema } from '@partners-network/contract';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const folder = mkdtempSync(join(tmpdir(), 'partners-server-'));
const databasePath = join(folder, 'nested', 'partners.db');

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

interface Running {
  child: ChildProcess;
  address: string;
  output: () => string;
  exited: Promise<number | null>;
}

function start(): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: packageRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_PATH: databasePath,
      SEED_PARTNER_COUNT: '120',
      SHUTDOWN_DRAIN_MS: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address in time:\n${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, address: match[1], output: () => output, exited });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then((code) => reject(new Error(`exited ${code}:\n${output}`)));
  });
}

async function searchOnce(address: string) {
  const response = await fetch(
    `${address}${searchPath({ companyId: '20097', scopeGroupId: '20121' })}?locale=fr-FR`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
      body: JSON.stringify({
        globalFilter: '',
        text: '',
        filterItemIds: [],
        offset: 0,
        resultsPerPage: 10,
      }),
    },
  );
  expect(response.status).toBe(200);
  return searchResponseSchema.parse(await response.json());
}

describe('server.ts', () => {
  it('seeds an empty database, reuses it on the next start and exits 0 on SIGTERM', async () => {
    const first = await start();
    const health = await fetch(`${first.address}/healthz`);
    expect(health.status).toBe(200);
    const seeded = await searchOnce(first.address);
    expect(seeded.totalFound).toBeGreaterThan(0);
    expect(first.output()).toContain('seeded an empty database');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await start();
    expect((await searchOnce(second.address)).totalFound).toBe(seeded.totalFound);
    expect(second.output()).not.toContain('seeded an empty database');
    // Logs are structured: one JSON object per line.
    const logLine = second
      .output()
      .split('\n')
      .find((line) => line.startsWith('{'));
    expect(JSON.parse(logLine ?? '{}')).toHaveProperty('level');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 40_000);
});
