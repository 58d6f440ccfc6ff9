/**
 * Every package the lock file installs declares a Node.js it runs on that includes the
 * oldest one the project supports (the root `engines`): otherwise `npm ci` warns on a
 * supported machine, and the code may use what that Node lacks. Ranges other than `>=`
 * are not read here (none in the lock asks for more than the root's so far).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import * as z from 'zod';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const withEngines = z.object({ engines: z.object({ node: z.string() }).partial().optional() });
const lockSchema = z.object({ packages: z.record(z.string(), withEngines) });
const rootSchema = z.object({ engines: z.object({ node: z.string() }) });

/** [major, minor] of the `>=` bound of a range, or undefined for any other range. */
function lowerBound(range: string): [number, number] | undefined {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.\d+)?$/.exec(range.trim());
  return match ? [Number(match[1]), Number(match[2] ?? 0)] : undefined;
}

it('installs no package whose engines exclude the oldest supported Node', () => {
  const lock = lockSchema.parse(JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')));
  const own = rootSchema.parse(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')));
  const oldest = lowerBound(own.engines.node);
  expect(oldest).toBeDefined();
  const [major, minor] = oldest ?? [0, 0];
  const refused = Object.entries(lock.packages).flatMap(([path, entry]) => {
    const bound = entry.engines?.node === undefined ? undefined : lowerBound(entry.engines.node);
    if (!bound) return [];
    return bound[0] > major || (bound[0] === major && bound[1] > minor)
      ? [`${path} asks for node ${entry.engines?.node ?? ''}`]
      : [];
  });
  expect(refused).toEqual([]);
});
