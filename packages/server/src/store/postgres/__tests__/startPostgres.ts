/**
 * A throwaway PostgreSQL server for tests and the bench: Debian's initdb and pg_ctl
 * into a temporary folder, on a free port of 127.0.0.1, as the `postgres` system user
 * when run as root (PostgreSQL refuses root). TEST_DATABASE_URL, when set, is used
 * instead; then stop/start are not available.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface TestPostgres {
  /** Address of the server's `postgres` database. */
  url: string;
  /** A new empty database on the server, and its address. */
  createDatabase(): Promise<string>;
  /** Stops the server (fast shutdown: clients are disconnected). */
  stop(): Promise<void>;
  /** Starts it again on the same port and folder. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

function findBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const version = versions[0];
  if (version === undefined) {
    throw new Error(
      'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/pg_ctl): install the ' +
        "Debian package 'postgresql' (.ci/run does) or set TEST_DATABASE_URL",
    );
  }
  return join(root, version, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** uid/gid to run as: the postgres user when we are root, else ourselves. */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

function run(command: string, args: string[], user: { uid?: number; gid?: number }) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { ...user, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${output}`)),
    );
  });
}

let databaseCounter = 0;

async function createDatabaseOn(url: string): Promise<string> {
  const name = `test_${process.pid}_${Date.now()}_${(databaseCounter += 1)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const address = new URL(url);
  address.pathname = `/${name}`;
  return address.toString();
}

export async function startPostgres(): Promise<TestPostgres> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const refuse = () => Promise.reject(new Error('cannot stop or start TEST_DATABASE_URL'));
    return {
      url: external,
      createDatabase: () => createDatabaseOn(external),
      stop: refuse,
      start: refuse,
      destroy: () => Promise.resolve(),
    };
  }
  const bin = findBinaries();
  const user = runAs();
  const folder = mkdtempSync(join(tmpdir(), 'partners-pg-'));
  if (user.uid !== undefined && user.gid !== undefined) chownSync(folder, user.uid, user.gid);
  const data = join(folder, 'data');
  const port = await freePort();
  await run(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'],
    user,
  );
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${folder}`,
    // Throwaway data: durability only costs time here.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const start = () =>
    run(
      join(bin, 'pg_ctl'),
      ['-D', data, '-l', join(folder, 'log'), '-o', options, '-w', 'start'],
      user,
    );
  const stop = () => run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'], user);
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let running = true;
  return {
    url,
    createDatabase: () => createDatabaseOn(url),
    stop: async () => {
      await stop();
      running = false;
    },
    start: async () => {
      await start();
      running = true;
    },
    destroy: async () => {
      if (running) await stop().catch(() => undefined);
      running = false;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
