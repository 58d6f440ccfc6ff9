/**
 * The layers of the widget, checked on the import statements of every source file:
 * core/ runs without React (a controller any framework could adapt), and ui/ is
 * props-only (no controller, no hook of the page's state; its words from core/i18n/).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a file imports (static, dynamic and re-exports), relative ones resolved. */
function importsOf(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const specifiers = [...code.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].flatMap(
    (match) => match[1] ?? [],
  );
  return specifiers.map((specifier) =>
    specifier.startsWith('.') ? relative(srcDir, resolve(dirname(file), specifier)) : specifier,
  );
}

/** `file: import` for each import of a file under `layer` that `forbidden` matches. */
function violations(layer: string, forbidden: (target: string) => boolean): string[] {
  return sourceFiles(join(srcDir, layer)).flatMap((file) =>
    importsOf(file)
      .filter(forbidden)
      .map((target) => `${relative(srcDir, file)}: ${target}`),
  );
}

describe('architecture', () => {
  it('core/ imports no React', () => {
    expect(violations('core', (target) => /^react(-dom)?(\/|$)/.test(target))).toEqual([]);
  });

  it('ui/ imports neither core/ nor hooks/, but for the words (core/i18n/)', () => {
    // The message catalogues hold no state and no behaviour: a component's words.
    expect(
      violations(
        'ui',
        (target) => /^(core|hooks)(\/|$)/.test(target) && !/^core\/i18n\//.test(target),
      ),
    ).toEqual([]);
  });

  it('finds a forbidden import when there is one (the check is not blind)', () => {
    const file = join(srcDir, 'hooks', 'useSearchController.ts');
    expect(importsOf(file)).toContain('react');
    expect(importsOf(file)).toContain(join('core', 'createSearchController'));
  });
});
