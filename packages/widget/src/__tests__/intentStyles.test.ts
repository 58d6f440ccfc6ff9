/**
 * What only a visitor's action shows is styled by ui/intent.css, which travels with the
 * chips' chunk (asked for at the first focus or pointer press in the page), not in the
 * sheets of the base sheet (baseStyles.ts) every first visit loads. Read from the files:
 * tests run without CSS.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(join(srcDir, file), 'utf8');

/** The states' selectors. */
const SELECTORS = [
  /\.pn-search__tooltip\b/,
  /\[aria-invalid=/,
  /\[data-refreshing\]/,
  /\[data-appended=/,
  /\.pn-filters-toggle\[aria-expanded=/,
];

describe('the sheet of what an action shows', () => {
  it('is not in the base sheet, and comes with the chips chunk and in the library sheet', () => {
    const base = [...read('baseStyles.ts').matchAll(/from '\.\/(.+\.css)\?inline'/g)].map((match) =>
      read(match[1] ?? ''),
    );
    expect(base).toHaveLength(4);
    const intent = read('ui/intent.css');
    for (const selector of SELECTORS) {
      expect(intent).toMatch(selector);
      for (const sheet of base) expect(sheet).not.toMatch(selector);
    }
    expect(read('ui/ChipList.tsx')).toContain("from './intent.css?inline'");
    expect(read('allStyles.ts')).toContain("from './ui/intent.css?inline'");
  });
});
