import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  KEPT_CLASSES,
  compactCss,
  readPageSheets,
  renameCodeClasses,
  renameSheetClasses,
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

  it('are shortened in the order the sheets use them, kept ones left out', () => {
    expect([...classes]).toEqual([
      ['pn-card__body', '_0'],
      ['pn-chip', '_1'],
      ['pn-chip--on', '_2'],
    ]);
  });

  it('are renamed whole in selectors, never a longer name that starts alike', () => {
    expect(
      renameSheetClasses('.pn-chip,.pn-chip--on:hover,.pn-chip--off,.pn-card>.pn-chip{}', classes),
    ).toBe('._1,._2:hover,.pn-chip--off,.pn-card>._1{}');
  });

  it('are renamed in the code where a string holds them as words, nowhere else', () => {
    expect(
      renameCodeClasses(
        'e("li",{className:"pn-chip pn-chip--on",id:`pn-chip-${t}`,"data-pn-chip":1,title:"pn-chips"})',
        classes,
      ),
    ).toBe('e("li",{className:"_1 _2",id:`pn-chip-${t}`,"data-pn-chip":1,title:"pn-chips"})');
  });

  it('keep every widget class name the browser tests, the bench and the demo select or report', () => {
    const root = join(import.meta.dirname, '../../../..');
    const widgetClasses = new Set(
      readPageSheets().flatMap((sheet) =>
        [...sheet.matchAll(/\.(pn-[a-z][a-z0-9_-]*)/g)].map((m) => m[1]),
      ),
    );
    expect(widgetClasses.size).toBeGreaterThan(50);
    const outside = ['e2e', 'bench', 'demo/public', 'demo/src'].flatMap((folder) =>
      readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(ts|tsx|css|html|md)$/.test(file) && !file.includes('node_modules'))
        .map((file) => readFileSync(join(root, folder, file), 'utf8')),
    );
    const selected = new Set(
      outside.flatMap((text) => [...text.matchAll(/pn-[a-z][a-z0-9_-]*/g)].map((m) => m[0])),
    );
    const unkept = [...selected].filter(
      (name) => widgetClasses.has(name) && !KEPT_CLASSES.has(name),
    );
    expect(unkept).toEqual([]);
  });
});
