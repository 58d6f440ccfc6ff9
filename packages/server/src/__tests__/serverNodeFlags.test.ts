/**
 * The server's start script and `npm start` (the demo, which serves the same API) run with the
 * flags the bench measured, and Node takes them.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { SERVER_NODE_FLAGS } from '../serverNodeFlags';

const startScript = (path: string) =>
  z
    .object({ scripts: z.object({ start: z.string() }) })
    .parse(JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'))).scripts.start;

describe('SERVER_NODE_FLAGS', () => {
  it.each([
    ['the server (npm start -w @partners-network/server)', '../../package.json', 'src/server.ts'],
    ['the demo (npm start)', '../../../../package.json', 'demo/src/start.ts'],
  ])('are all in the start script of %s, on the node that runs it', (_name, path, script) => {
    // The command that runs the server: the last one of the script (the demo builds first).
    const words = (startScript(path).split('&&').at(-1) ?? '').trim().split(/\s+/);
    expect(words[0]).toBe('node');
    const server = words.indexOf(script);
    expect(server).toBeGreaterThan(0);
    for (const flag of SERVER_NODE_FLAGS) {
      expect(words.indexOf(flag)).toBeGreaterThan(0);
      expect(words.indexOf(flag)).toBeLessThan(server);
    }
  });

  it('are accepted by this Node', () => {
    const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', ''], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
