import * as contract from '@partners-network/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import enUS from '../../src/core/i18n/catalogues/en-US';
import contactEnUS from '../../src/core/i18n/contact/en-US';
import nearEnUS from '../../src/core/i18n/near/en-US';
import { wholeEnUS } from '../../src/core/i18n/noResultsMessages';
import { choosePropertyNames, shortNames, terserPropertyRenaming } from '../renameProperties';
import type { PropertyRenaming } from '../renameProperties';

/** Every key of a data schema's objects, nested ones included: names on the wire. */
function wireNames(node: unknown, into = new Set<string>()): Set<string> {
  if (typeof node !== 'object' || node === null) return into;
  const properties: unknown = Reflect.get(node, 'properties');
  if (typeof properties === 'object' && properties !== null) {
    for (const [name, inner] of Object.entries(properties)) {
      into.add(name);
      wireNames(inner, into);
    }
  }
  for (const key of ['items', 'anyOf', 'oneOf']) {
    const inner: unknown = Reflect.get(node, key);
    if (Array.isArray(inner)) inner.forEach((item) => wireNames(item, into));
    else wireNames(inner, into);
  }
  return into;
}

/** Property names of the objects the page's code reads from the DOM and the platform. */
function domNames(): Set<string> {
  const names = new Set<string>();
  const objects: object[] = [
    window,
    document,
    history,
    location,
    navigator,
    document.createElement('input'),
    document.createElement('button'),
    document.createElement('dialog'),
    document.createElement('img'),
    document.createElement('a'),
    new Event('x'),
    new KeyboardEvent('keydown'),
    new AbortController(),
    Promise.resolve(),
    new URLSearchParams(),
    new Intl.NumberFormat(),
  ];
  for (const object of objects) {
    for (let at: object | null = object; at; at = Object.getPrototypeOf(at) as object | null) {
      Object.getOwnPropertyNames(at).forEach((name) => names.add(name));
    }
  }
  return names;
}

describe('choosePropertyNames', () => {
  let renaming: PropertyRenaming;
  beforeAll(() => {
    renaming = choosePropertyNames();
  }, 120_000);

  it('renames the widget’s own state, action and prop names', () => {
    for (const name of [
      'selectedGlobalFilter',
      'selectedItemIds',
      'loadingMore',
      'errorMessage',
      'toggleFilterItem',
      'resetSignal',
      'phase',
      'started',
      'shown',
    ]) {
      expect(renaming.names.has(name), name).toBe(true);
    }
  });

  it('never renames a name of the wire (every key of the contract’s data schemas)', () => {
    const wire = new Set<string>();
    for (const [name, value] of Object.entries(contract)) {
      if (name.endsWith('DataSchema')) wireNames(value, wire);
    }
    expect(wire.size).toBeGreaterThan(40);
    expect([...wire].filter((name) => renaming.names.has(name))).toEqual([]);
  });

  it('never renames a DOM or platform name, nor one of React’s props', () => {
    const names = domNames();
    for (const name of ['key', 'ref', 'children', 'className', 'style', 'htmlFor', 'onClick']) {
      names.add(name);
    }
    // Whatever the short name is, it is not one an element or an event has either.
    const shorts = new Set(renaming.names.values());
    expect([...names].filter((name) => renaming.names.has(name) || shorts.has(name))).toEqual([]);
  });

  it('never renames a message id, a plural form or a name a host hands in', () => {
    const outside = [
      ...Object.keys(enUS),
      ...Object.keys(wholeEnUS()),
      ...Object.keys(contactEnUS),
      ...Object.keys(nearEnUS),
      ...['zero', 'one', 'two', 'few', 'many', 'other'],
      // mount()'s options and the portal's context (README, "mount()").
      ...['context', 'portal', 'location', 'syncUrl', 'api', 'fetch', 'filterDefinitions'],
      ...['messages', 'onNavigateHome', 'apiBaseUrl', 'companyId', 'scopeGroupId'],
      ...['languageId', 'backButtonUrl', 'background', 'authToken', 'defaultUrl', 'sources'],
      ...['savedSearch', 'extraParams', 'filter', 'page', 'url', 'maxWidth'],
      // Exports read off a chunk's namespace object.
      ...['default', 'styles', 'NoResultsSection', 'ChipList', 'NearSection', 'ContactSection'],
      ...['searchParamOf'],
    ];
    expect(outside.filter((name) => renaming.names.has(name))).toEqual([]);
  });

  it('gives distinct short names that are names, never one it renames', () => {
    const shorts = [...renaming.names.values()];
    expect(new Set(shorts).size).toBe(shorts.length);
    for (const short of shorts) {
      expect(short).toMatch(/^[A-Za-z_$][\w$]{0,2}$/);
      expect(renaming.names.has(short)).toBe(false);
      expect(renaming.kept.has(short)).toBe(false);
    }
  });

  it('says why each name it keeps stays', () => {
    expect(renaming.kept.get('filterGroups')).toBe('outside the widget');
    expect(renaming.kept.get('syncUrl')).toBe("reachable from mount()'s options");
    expect(renaming.kept.get('loadMore')).toBe('in a string');
  });
});

describe('shortNames', () => {
  it('counts a, b, ..., _, then two characters, never starting with a digit', () => {
    const names = shortNames();
    const first = Array.from({ length: 60 }, () => names.next().value);
    expect(first.slice(0, 3)).toEqual(['a', 'b', 'c']);
    expect(first[53]).toBe('_');
    expect(first.slice(54, 57)).toEqual(['aa', 'ab', 'ac']);
  });
});

describe('terserPropertyRenaming', () => {
  it('matches exactly the table’s names and fills terser’s cache with them', () => {
    const { regex, cache } = terserPropertyRenaming(new Map([['selected$Ids', 'a']]));
    expect(regex.test('selected$Ids')).toBe(true);
    expect(regex.test('selected$IdsMore')).toBe(false);
    expect(regex.test('x')).toBe(false);
    expect(cache.props.get('selected$Ids')).toBe('a');
    expect(terserPropertyRenaming(new Map()).regex.test('')).toBe(false);
  });
});
