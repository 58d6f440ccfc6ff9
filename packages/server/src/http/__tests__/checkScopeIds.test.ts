import { describe, expect, it } from 'vitest';
import { processMemos } from '../../cache/ProcessMemo';
import { scopeIdProblem } from '../checkScopeIds';

const memo = () => processMemos().find((each) => each.name === 'memo-accepted-scope-ids');

describe('scopeIdProblem', () => {
  it('accepts an id a site can have, from the schema once and then from the memo', () => {
    const hitsBefore = memo()?.hits ?? Number.NaN;
    expect(scopeIdProblem('companyId', 'memo-test-20097')).toBeUndefined();
    expect(scopeIdProblem('scopeGroupId', 'memo-test-20097')).toBeUndefined();
    expect(memo()?.hits).toBe(hitsBefore + 1);
  });

  it.each([
    ['empty', ''],
    ['over 64 characters', 'x'.repeat(65)],
    ['with a space at its end', '20097 '],
    ['with a space at its start', ' 20097'],
    ['with a NUL', '200\u000097'],
  ])('refuses an id %s every time, naming the parameter', (_name, id) => {
    for (let time = 0; time < 2; time += 1) {
      expect(scopeIdProblem('scopeGroupId', id)).toBe(
        'scopeGroupId in the address must be 1 to 64 characters without spaces at either end or NUL',
      );
    }
  });

  it('still refuses a bad id once the memo was emptied by many good ones', () => {
    const clearsBefore = memo()?.clears ?? Number.NaN;
    for (let id = 0; id < 300; id += 1)
      expect(scopeIdProblem('companyId', `c${id}`)).toBeUndefined();
    expect(memo()?.clears).toBe(clearsBefore + 1);
    expect(memo()?.entries()).toBeLessThanOrEqual(memo()?.maxEntries ?? 0);
    expect(scopeIdProblem('companyId', 'c1 ')).toMatch(/^companyId in the address must be/);
    expect(scopeIdProblem('companyId', 'c299')).toBeUndefined();
  });
});
