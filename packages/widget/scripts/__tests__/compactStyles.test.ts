import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compactCss,
  readPageSheets,
  renameCodeClasses,
  renameSheetClasses,
  shortClassName,
  shortClassNames,
  shortPrivateNames,
} from '../compactStyles';

const names = shortPrivateNames(
  '.pn-root{--_space: var(--pn-space, 8px);--_color-primary: var(--pn-color-primary, #0b5fff);--_color-primary-hover: red}',
);

describe('shortPrivateNames', () => {
  it('names the private properties a sheet declares, in its order', () => {
    expect([...names]).toEqual([
      ['--_space', '--0'],
      ['--_color-primary', '--1'],
      ['--_color-primary-hover', '--2'],
    ]);
  });

  it('gives every private property of the page its own name', () => {
    const base = readFileSync(join(import.meta.dirname, '../../src/styles.css'), 'utf8');
    const short = shortPrivateNames(base);
    expect(short.size).toBeGreaterThan(10);
    expect(new Set(short.values()).size).toBe(short.size);
  });
});

describe('compactCss', () => {
  it('renames private properties, whole names only, and keeps public ones', () => {
    expect(
      compactCss(
        '.a{color:var(--_color-primary-hover);background:var(--_color-primary);--pn-space:1px}',
        names,
      ),
    ).toBe('.a{color:var(--2);background:var(--1);--pn-space:1px}');
  });

  it('leaves a private property it has no name for as it is', () => {
    expect(compactCss('.a{color:var(--_other)}', names)).toBe('.a{color:var(--_other)}');
  });

  it('drops the whitespace values do not need, not the one selectors and calc need', () => {
    expect(
      compactCss(
        '.pn-root *,.pn-root *:before{--_space: var( --pn-space, 8px );padding:calc(var(--_space) * 2.5) calc(100% - 2 * var(--_space));box-shadow:0 1px 2px rgb(16 24 40 / 6%);container:pn / inline-size}@container pn (min-width: 540px){.a{--_other: 1px}}',
        names,
      ),
    ).toBe(
      '.pn-root *,.pn-root :before{--0:var(--pn-space,8px);padding:calc(var(--0)*2.5) calc(100% - 2*var(--0));box-shadow:0 1px 2px rgb(16 24 40/6%);container:pn/inline-size}@container pn (min-width:540px){.a{--_other:1px}}',
    );
  });
});

describe('class names', () => {
  const classes = shortClassNames([
    '.pn-card{color:red}.pn-card__body,.pn-card__body>.pn-chip:hover{gap:0}',
    '.pn-chip{gap:1px}.pn-chip--on{gap:2px}',
  ]);

  it('are shortened in the order the sheets use them, every one', () => {
    expect([...classes]).toEqual([
      ['pn-card', 'a'],
      ['pn-card__body', 'b'],
      ['pn-chip', 'c'],
      ['pn-chip--on', 'd'],
    ]);
  });

  it('are renamed whole in selectors, never a longer name that starts alike', () => {
    expect(
      renameSheetClasses('.pn-chip,.pn-chip--on:hover,.pn-chip--off,.pn-card>.pn-chip{}', classes),
    ).toBe('.c,.d:hover,.pn-chip--off,.a>.c{}');
  });

  it('are renamed in the code where a string holds them as words, nowhere else', () => {
    expect(
      renameCodeClasses(
        'e("li",{className:"pn-chip pn-chip--on",id:`pn-chip-${t}`,"data-pn-chip":1,title:"pn-chips"})',
        classes,
      ),
    ).toBe('e("li",{className:"c d",id:`pn-chip-${t}`,"data-pn-chip":1,title:"pn-chips"})');
  });

  // The page script renames every class of its sheets, so nothing that runs against the
  // built page may find an element by one: the browser tests and the bench take `part`
  // names, roles, attributes and tags. Code only: the bench's reports (RESULTS.md) and
  // its history (README.md) quote names, and the demo's hostile sheet and host sample use
  // the sources' names on purpose (host CSS a host could guess, which must not reach in).
  it('are selected by no browser test and no bench script', () => {
    const root = join(import.meta.dirname, '../../../..');
    const widgetClasses = new Set(
      readPageSheets().flatMap((sheet) =>
        [...sheet.matchAll(/\.(pn-[a-z][a-z0-9_-]*)/g)].map((m) => m[1]),
      ),
    );
    expect(widgetClasses.size).toBeGreaterThan(50);
    const selected = ['e2e', 'bench'].flatMap((folder) =>
      readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(ts|tsx|mts|js|mjs|css|html)$/.test(file))
        .filter((file) => !file.includes('node_modules') && !file.startsWith('.cache'))
        .flatMap((file) =>
          [...readFileSync(join(root, folder, file), 'utf8').matchAll(/pn-[a-z][a-z0-9_-]*/g)]
            .map((m) => m[0])
            .filter((name) => widgetClasses.has(name))
            .map((name) => `${folder}/${file}: ${name}`),
        ),
    );
    expect(selected).toEqual([]);
  });
});

describe('shortClassName', () => {
  it('gives 26 letters, then a letter and one of 38 characters, all lower case and distinct', () => {
    expect([0, 1, 25, 26, 27, 51, 52].map(shortClassName)).toEqual([
      'a',
      'b',
      'z',
      'a0',
      'b0',
      'z0',
      'a1',
    ]);
    const all = Array.from({ length: 26 * 39 + 26 }, (_, index) => shortClassName(index));
    expect(new Set(all).size).toBe(all.length);
    for (const name of all) expect(name).toMatch(/^[a-z][0-9a-z_-]*$/);
    expect(all.filter((name) => name.length === 2)).toHaveLength(26 * 38);
  });
});
