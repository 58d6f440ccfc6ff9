import { afterEach, describe, expect, it, vi } from 'vitest';
import { logsWritten } from '../../../test/logsWritten';
import { overridesOf } from '../parseMessageOverrides';

// The page scripts' build: the page's ids are numbers (scripts/renameMessageIds.ts), and the
// parser reads an operator's id through the table the build writes into shortMessageIds.ts.
vi.mock('../shortMessageIds', () => ({
  SHORT_MESSAGE_IDS: { heading: '0', loadMore: '33', added: '23', count: '22' },
}));

/** en-US as the page script holds it with the ids renamed. */
const renamedEnUS = {
  0: 'Partners Network',
  22: 'Showing {loaded} of {total} partners',
  23: { one: '{count} more partner added.', other: '{count} more partners added.' },
  33: 'Load More Partners',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('operators’ messages where the page script renames the ids', () => {
  it('reads the ids operators write as the short names the catalogue has', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const overrides = overridesOf(
      { loadMore: 'More partners', fr: { heading: 'Réseau' } },
      { added: { one: 'one more', other: '{count} more' } },
      renamedEnUS,
      'fr-FR',
      'fr-FR',
    );
    await logsWritten();
    expect(warn).not.toHaveBeenCalled();
    expect(overrides).toEqual({
      33: 'More partners',
      0: 'Réseau',
      23: { one: 'one more', other: '{count} more' },
    });
  });

  it('refuses a short name as a key and names the operator’s key in each warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const overrides = overridesOf(
      undefined,
      { 33: 'Sneaky', count: 'Showing {shown}', heading: 7 },
      renamedEnUS,
      'en-US',
      'en-US',
    );
    await logsWritten();
    expect(overrides).toEqual({});
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]?.[0]);
    expect(line).toContain('"33"');
    expect(line).toContain('count');
    expect(line).toContain('heading');
    expect(line).not.toMatch(/\b22\b|\b0:/);
  });

  it('leaves a part’s prefixed ids (the contact dialog’s) as they are', () => {
    const contact = { send: 'Send', sending: 'Sending…' };
    expect(
      overridesOf(undefined, { 'contact.send': 'Go' }, contact, 'en-US', 'en-US', 'contact.'),
    ).toEqual({ send: 'Go' });
  });
});
