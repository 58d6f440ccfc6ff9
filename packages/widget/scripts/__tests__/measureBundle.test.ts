import { describe, expect, it } from 'vitest';
import { findForbiddenCode } from '../measureBundle';

describe('findForbiddenCode', () => {
  it('finds what a strict CSP refuses and zod', () => {
    expect(findForbiddenCode('const f=new Function("return 1")')).toHaveLength(1);
    expect(findForbiddenCode('const f=Function("return 1")')).toHaveLength(1);
    expect(findForbiddenCode('eval("1")')).toHaveLength(1);
    expect(findForbiddenCode('e._zod.def')).toEqual([expect.stringContaining('zod')]);
  });

  it('lets ordinary code through', () => {
    expect(findForbiddenCode('function f(){return typeof x=="function"}const evaluate=1;')).toEqual(
      [],
    );
  });
});
