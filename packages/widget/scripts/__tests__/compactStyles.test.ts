import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compactCss, shortPrivateNames } from '../compactStyles';

const names = shortPrivateNames(
  '.pn-root{--_space: var(--pn-space, 8px);--_color-primary: var(--pn-color-primary, #0b5fff);--_color-primary-hover: red}',
);

describe('shortPrivateNames', () => {
  it('names the private properties a sheet declares, in its order', () => {
    expect([...names]).toEqual([
      ['--_space', '--_0'],
      ['--_color-primary', '--_1'],
      ['--_color-primary-hover', '--_2'],
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
    ).toBe('.a{color:var(--_2);background:var(--_1);--pn-space:1px}');
  });

  it('leaves a private property it has no name for as it is', () => {
    expect(compactCss('.a{color:var(--_other)}', names)).toBe('.a{color:var(--_other)}');
  });

  it('drops the whitespace values do not need, not the one selectors and calc need', () => {
    expect(
      compactCss(
        '.pn-root *,.pn-root *:before{--_space: var( --pn-space, 8px );padding:calc(var(--_space) * 2.5) calc(100% - 2 * var(--_space));box-shadow:0 1px 2px rgb(16 24 40 / 6%);container:pn / inline-size}',
        names,
      ),
    ).toBe(
      '.pn-root *,.pn-root *:before{--_0:var(--pn-space,8px);padding:calc(var(--_0)*2.5) calc(100% - 2*var(--_0));box-shadow:0 1px 2px rgb(16 24 40/6%);container:pn/inline-size}',
    );
  });
});
