// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeClientExtension } from '../writeClientExtension';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true })));

function fakeBuild(manifest: unknown, files: string[]): string {
  const dist = mkdtempSync(join(tmpdir(), 'pn-cx-'));
  folders.push(dist);
  const build = join(dist, 'bundled');
  mkdirSync(join(build, '.vite'), { recursive: true });
  writeFileSync(join(build, '.vite', 'manifest.json'), JSON.stringify(manifest));
  for (const file of files) writeFileSync(join(build, file), `/* ${file} */`);
  return dist;
}

describe('writeClientExtension', () => {
  it('copies what the entry loads and names the hashed entry in client-extension.yaml', () => {
    const dist = fakeBuild(
      {
        'src/register.ts': { file: 'partners-network-AbC123.js', isEntry: true, imports: ['_c'] },
        _c: { file: 'chunk-XyZ.js' },
        unused: { file: 'other.js' },
      },
      ['partners-network-AbC123.js', 'chunk-XyZ.js', 'other.js'],
    );
    const out = join(dist, 'extension');
    const files = writeClientExtension({ dist, out });

    expect(files.files).toEqual(['partners-network-AbC123.js', 'chunk-XyZ.js']);
    expect(readFileSync(join(out, 'dist/chunk-XyZ.js'), 'utf8')).toBe('/* chunk-XyZ.js */');
    const yaml = readFileSync(join(out, 'client-extension.yaml'), 'utf8');
    expect(yaml).toContain('assemble:\n  - from: dist\n    into: static\n');
    for (const line of [
      'partners-network-search:',
      '  type: customElement',
      '  htmlElementName: partners-network-search',
      '  friendlyURLMapping: partners-network-search',
      '  instanceable: true',
      '  portletCategoryName: category.client-extensions',
      '  useESM: true',
      '  urls:\n    - partners-network-AbC123.js',
    ]) {
      expect(yaml).toContain(line);
    }
    // No page stylesheet: the styles are adopted in the shadow root.
    expect(yaml).not.toContain('cssURLs');
  });

  it('copies the message catalogues the entry imports on demand, beside it', () => {
    const dist = fakeBuild(
      {
        'src/register.ts': {
          file: 'partners-network-AbC123.js',
          isEntry: true,
          dynamicImports: [
            'src/core/i18n/catalogues/fr-FR.ts',
            'src/core/i18n/catalogues/ar-SA.ts',
          ],
        },
        'src/core/i18n/catalogues/fr-FR.ts': { file: 'fr-FR-Q1w2.js', isDynamicEntry: true },
        'src/core/i18n/catalogues/ar-SA.ts': { file: 'ar-SA-E3r4.js', isDynamicEntry: true },
      },
      ['partners-network-AbC123.js', 'fr-FR-Q1w2.js', 'ar-SA-E3r4.js'],
    );
    const out = join(dist, 'extension');
    const files = writeClientExtension({ dist, out });
    expect(files.files).toEqual(['partners-network-AbC123.js', 'fr-FR-Q1w2.js', 'ar-SA-E3r4.js']);
    // import('./fr-FR-Q1w2.js') resolves beside the entry: both in the extension's dist/.
    expect(readFileSync(join(out, 'dist/ar-SA-E3r4.js'), 'utf8')).toBe('/* ar-SA-E3r4.js */');
    expect(readFileSync(join(out, 'client-extension.yaml'), 'utf8')).toContain(
      '  urls:\n    - partners-network-AbC123.js\n',
    );
  });

  it('refuses a folder that was not built', () => {
    const dist = mkdtempSync(join(tmpdir(), 'pn-cx-'));
    folders.push(dist);
    expect(() => writeClientExtension({ dist, out: join(dist, 'x') })).toThrow(/not built/);
  });
});
