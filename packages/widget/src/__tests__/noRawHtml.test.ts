import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

// Partner data comes from outside: no source file may turn a string into markup.
it('no widget source writes raw HTML', () => {
  const offenders = sourceFiles(srcDir)
    .filter((file) =>
      /dangerouslySetInnerHTML|\.(inner|outer)HTML\s*=|insertAdjacentHTML/.test(
        readFileSync(file, 'utf8'),
      ),
    )
    .map((file) => relative(srcDir, file));
  expect(offenders).toEqual([]);
});
