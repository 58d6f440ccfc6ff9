import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import enUS from '../../src/core/i18n/catalogues/en-US';
import { wholeEnUS } from '../../src/core/i18n/noResultsMessages';
import { applyEdits, chooseMessageIds } from '../renameMessageIds';
import type { MessageIdRenaming } from '../renameMessageIds';
import { createWidgetProgram, isWidgetSource } from '../renameProperties';

const SOURCES = join(__dirname, '../../src');
let renaming: MessageIdRenaming;

/** A file of the sources as the page scripts' build gives it to esbuild. */
function renamed(path: string): string {
  const file = join(SOURCES, path);
  return applyEdits(readFileSync(file, 'utf8'), renaming.edits.get(file) ?? []);
}

beforeAll(() => {
  renaming = chooseMessageIds(createWidgetProgram(), isWidgetSource);
}, 60_000);

describe('the page’s message ids in the page scripts', () => {
  it('numbers every id of the page’s catalogue, in en-US’s order', () => {
    const ids = Object.keys(wholeEnUS());
    expect(new Set(renaming.table.keys())).toEqual(new Set(ids));
    expect([...renaming.table.values()]).toEqual(ids.map((_, index) => String(index)));
    expect(renaming.table.get(Object.keys(enUS)[0] ?? '')).toBe('0');
  });

  it('renames the catalogues’ keys, not their plural forms', () => {
    const code = renamed('core/i18n/catalogues/en-US.ts');
    expect(code).toContain(`"0": 'Partners Network'`);
    expect(code).toContain(`one: '{count} more partner added.'`);
    expect(code).not.toMatch(/^ {2}loadMore:/m);
    expect(renamed('core/i18n/catalogues/fr-FR.ts')).not.toMatch(/^ {2}heading:/m);
    expect(renamed('core/i18n/noResultsMessages.ts')).not.toMatch(/^ {2}resetAll:/m);
  });

  it('renames the strings a part asks its text by, and nothing else', () => {
    const panel = renamed('ui/FilterPanel.tsx');
    expect(panel).not.toMatch(/t\('(viewMore|viewLess|searchFilters|partnerCount)'/);
    expect(panel).toMatch(/t\(expanded \? "\d+" : "\d+"\)/);
    expect(renamed('ui/NoResultsPanel.tsx')).not.toContain("'wayOutItem'");
    // The location field's part name and the card's `contact` part stay.
    expect(renamed('ui/NearStart.tsx')).toContain('part="near"');
  });

  it('leaves the contact dialog’s and the location field’s own ids', () => {
    const files = [...renaming.edits.keys()].map((file) => file.slice(SOURCES.length + 1));
    expect(files.filter((file) => /contact|near\/|NearField|ContactDialog/i.test(file))).toEqual(
      [],
    );
  });
});
