/** The server's start script runs with the flags the bench measured, and Node takes them. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { SERVER_NODE_FLAGS } from '../serverNodeFlags';

const packageJson = z
  .object({ scripts: z.object({ start: z.string() }) })
  .parse(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')));

describe('SERVER_NODE_FLAGS', () => {
  it('are all in the start script, before the server', () => {
    const words = packageJson.scripts.start.split(/\s+/);
    const server = words.indexOf('src/server.ts');
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
