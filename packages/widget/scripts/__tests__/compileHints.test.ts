import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, addCompileHints } from '../compileHints';

function chunk(fileName: string, isEntry: boolean, code: string): Rollup.OutputChunk {
  // Only the fields the hint reads; the rest of an output chunk does not matter here.
  const partial: Pick<Rollup.OutputChunk, 'type' | 'fileName' | 'isEntry' | 'code'> = {
    type: 'chunk',
    fileName,
    isEntry,
    code,
  };
  return partial as Rollup.OutputChunk;
}

describe('addCompileHints', () => {
  it('puts the hint first in the page script only, once', () => {
    const entry = chunk('partners-network-abc.js', true, 'let e=1;');
    const lazy = chunk('x1.js', false, 'export const n=1;');
    const bundle: Rollup.OutputBundle = { [entry.fileName]: entry, [lazy.fileName]: lazy };
    addCompileHints(bundle);
    addCompileHints(bundle);
    expect(entry.code).toBe(`${COMPILE_HINT}let e=1;`);
    expect(lazy.code).toBe('export const n=1;');
  });

  it('is the comment V8 reads: its own first line', () => {
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
  });
});
