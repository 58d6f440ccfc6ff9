/**
 * The styling API is what a host page may rely on: the `part` names (for ::part()) on
 * the components that carry them, and the `--pn-*` custom properties the stylesheets read.
 * The widget README lists both; this test fails when the list and the code disagree.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(join(srcDir, '..', 'README.md'), 'utf8');

function filesEndingWith(dir: string, ending: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : filesEndingWith(path, ending);
    return entry.name.endsWith(ending) ? [path] : [];
  });
}

const componentFiles = (dir: string) => filesEndingWith(dir, '.tsx');

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** Every name in a part="..." attribute of the components (a part may hold several). */
function partsInCode(): string[] {
  return sorted(
    componentFiles(srcDir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bpart="([^"]+)"/g)].flatMap((match) =>
        (match[1] ?? '').split(/\s+/),
      ),
    ),
  );
}

/** The README sentence "`part` names for `::part()`: `hero`, ...". */
function partsInReadme(): string[] {
  const sentence = /`part` names for `::part\(\)`:([^.]+)\./.exec(readme)?.[1] ?? '';
  return sorted([...sentence.matchAll(/`([a-z-]+)`/g)].flatMap((match) => match[1] ?? []));
}

/** Every --pn-* custom property the stylesheets (styles.css and each chunk's) read with var(). */
function propertiesInCss(): string[] {
  const css = filesEndingWith(srcDir, '.css')
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  return sorted([...css.matchAll(/var\(\s*(--pn-[a-z-]+)/g)].flatMap((match) => match[1] ?? []));
}

/** The first column of the README's Theming table. */
function propertiesInReadme(): string[] {
  const theming = readme.slice(readme.indexOf('## Theming'), readme.indexOf('## Layout'));
  return sorted(
    theming
      .split('\n')
      .filter((line) => line.startsWith('| `--pn-'))
      .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`(--pn-[a-z-]+)`/g)])
      .flatMap((match) => match[1] ?? []),
  );
}

describe('styling API', () => {
  it('the README lists exactly the part names the components carry', () => {
    const inCode = partsInCode();
    expect(inCode.length).toBeGreaterThan(20);
    expect(partsInReadme()).toEqual(inCode);
  });

  it('the README lists exactly the --pn-* properties the stylesheets read', () => {
    const inCss = propertiesInCss();
    expect(inCss.length).toBeGreaterThan(15);
    expect(propertiesInReadme()).toEqual(inCss);
  });
});
