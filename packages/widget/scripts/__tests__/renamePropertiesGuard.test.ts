// @vitest-environment node
// (Vite's parser, esbuild underneath, does not load in jsdom.)
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { findRenamingConflicts, namesInCode } from '../renameProperties';

describe('the build’s guard', () => {
  it('reads property names, strings and export names from a module', () => {
    const ast = parseAst(
      'const o={shown:1,["late"]:2};o.phase;o["started"];class K{field=1;#own=2;m(){}}' +
        'const {picked}=o;export {o as named};const t=`text`;',
    );
    const { properties, exports } = namesInCode(ast);
    for (const name of ['shown', 'late', 'phase', 'started', 'field', 'm', 'picked', 'text']) {
      expect(properties.has(name), name).toBe(true);
    }
    expect(properties.has('o')).toBe(false);
    expect(exports).toEqual(new Set(['named']));
  });

  it('stops a name outside code writes, an export name and a short name already used', () => {
    const names = new Map([
      ['className', 'a'],
      ['styles', 'b'],
      ['shown', 'c'],
      ['phase', 'd'],
    ]);
    const conflicts = findRenamingConflicts(
      names,
      new Set(['className']),
      new Set(['c']),
      new Set(['styles']),
    );
    expect(conflicts).toEqual([
      'className is written in code outside the widget',
      'styles is an export name',
      "shown's short name c is already in the code",
    ]);
  });
});
