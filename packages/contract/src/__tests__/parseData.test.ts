/**
 * parseData must accept exactly what zod accepts and give the same output. Every
 * zod schema of the contract runs against its generated twin on hand-picked valid
 * inputs and on mutations of them (each value replaced, removed, or joined by an
 * extra key; arrays emptied, grown and shrunk; odd top-level values).
 */
import { describe, expect, it } from 'vitest';
import { dataSchemaName, listSchemas } from '../../scripts/generateDataSchemas';
import type { DataSchema } from '../dataSchema';
import * as contract from '../index';
import { describeDataIssues } from '../describeDataIssues';
import { parseData } from '../parseData';

const getter = () => '20116';
const item = { id: 7, name: 'Cloud' };
const group = { name: 'Industry', filterItems: [item, { id: -3, name: '' }] };
const criteria = {
  globalFilter: 'technology',
  text: "Société d'art_9-œ ÿ À",
  filterItemIds: [1, 2],
  offset: 0,
  resultsPerPage: 100,
};
const partner = {
  image: { url: 'https://cdn.example/a.png' },
  categories: [{ name: 'Cloud' }],
  title: 'Acme',
  summary: 'Does things',
  url: '/partners/acme',
};

const challenge = {
  parameters: {
    algorithm: 'PBKDF2/SHA-256',
    cost: 1000,
    keyLength: 32,
    keyPrefix: 'c41dee6e54fd033bfca6fd8ead8a4a11',
    keySignature: 'cf316d8165def408cb05518e37cb5896a6ff34e6c28a557482ab1a969833ce1c',
    nonce: 'a8a125401de3401ca89d706bd0f947a0',
    salt: '66e283c29ba1540b22d681ae54ad7e85',
    expiresAt: 1_900_000_000,
    data: { issuedAt: 1_800_000_000_000 },
  },
  signature: '4e71110b7697148fa851fed65507eafea7b0f02cb6327c0dbddef041e324e18a',
};
const proof = { challenge, solution: { counter: 1113, derivedKey: 'c41dee6e54fd033b' } };
const contactRequest = {
  name: 'Ana Lúcia',
  email: 'ana@example.com',
  company: 'Lisboa Dados',
  message: 'Hello,\nwe need help.',
  consent: true,
  idempotencyKey: 'k2f9a8b7c6d5e4f3',
  proof,
};

/** Valid inputs of each schema; a new schema must get its own here. */
const VALID: Record<string, unknown[]> = {
  filterItemIdSchema: [0, 7, -3, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER],
  filterItemSchema: [item, { ...item, count: 0 }],
  filterGroupSchema: [group, { name: 'Empty', filterItems: [] }],
  globalFilterSchema: [{ name: 'technology', label: 'Technology' }],
  filterDefinitionsSchema: [
    {
      globalFilters: [{ name: 'technology', label: 'Technology' }],
      defaultGlobalFilter: 'technology',
      filterGroups: [group],
    },
  ],
  searchTextSchema: ['', 'cloud', 'a'.repeat(150), "Société d'art_9-œ ÿ À"],
  nearSchema: [
    { latitude: 45.75, longitude: 4.85, label: 'Lyon' },
    { latitude: -90, longitude: 180 },
    { latitude: 90, longitude: -180, label: 'ليون' },
  ],
  placeSchema: [
    {
      name: 'Lyon',
      country: 'FR',
      countryName: 'France',
      latitude: 45.7,
      longitude: 4.8,
      partnerCount: 0,
    },
  ],
  placesResponseSchema: [
    { places: [] },
    {
      places: Array.from({ length: 8 }, (_, index) => ({
        name: `Paris ${index}`,
        country: 'US',
        countryName: 'États-Unis',
        latitude: 33.66,
        longitude: -95.55,
        partnerCount: index,
      })),
    },
  ],
  locatedSearchCriteriaSchema: [
    criteria,
    { ...criteria, near: { latitude: 45.75, longitude: 4.85, label: 'Lyon' } },
    { ...criteria, near: { latitude: 0, longitude: 0 }, radiusKm: 50, sort: 'distance' },
    { ...criteria, radiusKm: 20_000, sort: 'relevance' },
  ],
  searchCriteriaSchema: [
    criteria,
    { ...criteria, text: '', filterItemIds: [], offset: 30, resultsPerPage: 1 },
    { ...criteria, filterItemIds: Array.from({ length: 500 }, (_, index) => index) },
  ],
  partnerSchema: [
    partner,
    { ...partner, highlights: { title: [[0, 4]], summary: [] } },
    { ...partner, contact: { slug: 'acme' } },
  ],
  highlightRangeSchema: [
    [0, 4],
    [7, 7],
  ],
  globalFilterCountSchema: [{ name: 'tech', count: 0 }],
  zeroResultStepSchema: [
    { remove: { filterItemId: 3 }, text: 'cloud', filterItemIds: [], totalFound: 2 },
    { remove: { word: 'cloud' }, text: 'data', filterItemIds: [1], totalFound: 0 },
    { remove: { text: 'cloud' }, text: '', filterItemIds: [], totalFound: 9 },
  ],
  searchResponseSchema: [
    {
      partners: [partner, { ...partner, categories: [] }],
      totalFound: 2,
      error: false,
      filterGroups: [group],
      searchPartnersCriteria: { ...criteria },
    },
    {
      partners: [],
      totalFound: 0,
      error: false,
      filterGroups: [{ name: 'Region', filterItems: [{ ...item, count: 0 }] }],
      globalFilterCounts: [{ name: 'tech', count: 0 }],
      zeroResultSteps: [{ remove: { text: 'x' }, text: '', filterItemIds: [], totalFound: 1 }],
      searchPartnersCriteria: { ...criteria },
    },
    {
      partners: [],
      totalFound: 0,
      error: true,
      filterGroups: [],
      searchPartnersCriteria: { filterItemIds: [] },
    },
  ],
  problemSchema: [{ status: 'BAD_REQUEST', title: 'text is too long' }],
  portalIdSchema: ['20116', 20116, '', 1.5],
  liferaySchema: [
    {
      ThemeDisplay: { getCompanyId: getter, getScopeGroupId: getter, getLanguageId: getter },
      authToken: 'token',
    },
    { ThemeDisplay: {} },
    {},
  ],
  portalSettingsSchema: [
    {
      backButtonUrl: '/home',
      searchSectionBackgroundImageFriendlyUrl: { defaultUrl: '/bg.jpg', sources: [] },
    },
    {},
  ],
  backgroundPictureSchema: [
    {
      defaultUrl: '/bg.jpg',
      sources: [
        { url: '/bg-540.jpg', maxWidth: 540 },
        { url: '/bg-1023.jpg', maxWidth: '1023.5' },
      ],
    },
    { defaultUrl: '' },
  ],
  contactChallengeSchema: [challenge],
  contactProofSchema: [proof],
  contactFormSetupSchema: [
    { challenge, privacyNoticeUrl: '/privacy', retentionDays: 90, waitSeconds: 3 },
    { challenge, retentionDays: 0, waitSeconds: 0 },
  ],
  contactFormSchema: [
    { name: 'Ana', email: 'a@b.example', message: 'Hi', consent: true },
    {
      name: ' Ana Lúcia ',
      email: 'a.b+c@d-e.example',
      company: '',
      message: '\n x \n',
      consent: true,
    },
  ],
  contactRequestSchema: [
    contactRequest,
    { ...contactRequest, company: '', website: '' },
    { ...contactRequest, name: 'a'.repeat(100), message: `${' '.repeat(1999)}x` },
  ],
  contactReceiptSchema: [{ received: true }],
  backgroundSourcesSchema: [
    [
      { url: '/bg-540.jpg', maxWidth: 540 },
      { url: '/bg-1023.jpg', maxWidth: '1023' },
    ],
    [],
  ],
};

/** Values swapped in everywhere: wrong types, boundaries, characters, specials. */
const REPLACEMENTS: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -0,
  1,
  -1,
  1.5,
  -0.5,
  100,
  101,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER,
  NaN,
  Infinity,
  -Infinity,
  '',
  ' ',
  'a',
  '0',
  '12',
  '12.50',
  '1e3',
  '-1',
  ' 12',
  '12.',
  'Œuvre',
  'œuvre ÿ À é',
  'x<y',
  'a;b',
  'tab\there',
  '😀',
  'a'.repeat(149) + '😀',
  'a'.repeat(150),
  'a'.repeat(151),
  'a'.repeat(200),
  'a'.repeat(201),
  [],
  [1],
  ['1'],
  [1.5],
  [null],
  {},
  { name: 'x' },
  { id: 1, name: 'x' },
  () => '1',
  new Date(0),
];

type Path = (string | number)[];

function pathsOf(value: unknown, path: Path = []): Path[] {
  const children: Path[] = [];
  if (Array.isArray(value)) {
    value.slice(0, 2).forEach((item, index) => children.push(...pathsOf(item, [...path, index])));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value))
      children.push(...pathsOf(item, [...path, key]));
  }
  return [path, ...children];
}

/** A deep copy with `change` applied to the value at `path`. */
function edit(value: unknown, path: Path, change: (old: unknown) => unknown): unknown {
  if (path.length === 0) return change(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    return value.map((item, index) => (index === head ? edit(item, rest, change) : item));
  }
  if (typeof value === 'object' && value !== null && head !== undefined) {
    const copy: Record<string, unknown> = { ...value };
    copy[head] = edit(Reflect.get(value, head), rest, change);
    return copy;
  }
  return value;
}

function removeAt(value: unknown, path: Path): unknown {
  const parentPath = path.slice(0, -1);
  const key = path.at(-1);
  return edit(value, parentPath, (parent) => {
    if (typeof parent !== 'object' || parent === null || Array.isArray(parent)) return parent;
    return Object.fromEntries(Object.entries(parent).filter(([name]) => name !== key));
  });
}

function mutations(valid: unknown): unknown[] {
  const inputs: unknown[] = [valid];
  for (const path of pathsOf(valid)) {
    for (const replacement of REPLACEMENTS) inputs.push(edit(valid, path, () => replacement));
    if (path.length > 0) inputs.push(removeAt(valid, path));
    inputs.push(
      edit(valid, path, (old) => {
        if (Array.isArray(old)) return [...old, ...old];
        if (typeof old === 'object' && old !== null) return { ...old, extra: 1, constructor: 'x' };
        if (typeof old === 'string') return `${old}${old}x`;
        return old;
      }),
      edit(valid, path, (old) => (Array.isArray(old) ? old.slice(1) : old)),
      edit(valid, path, (old) =>
        Array.isArray(old) && old.length > 0 ? Array.from({ length: 501 }, () => old[0]) : old,
      ),
      edit(valid, path, (old) => (typeof old === 'number' ? -old - 1 : old)),
      edit(valid, path, (old) => (typeof old === 'number' ? old + 0.25 : old)),
    );
  }
  // Optional keys present as undefined, and inherited keys, read as zod reads them.
  if (typeof valid === 'object' && valid !== null && !Array.isArray(valid)) {
    inputs.push(Object.create(valid));
    for (const key of Object.keys(valid)) inputs.push({ ...valid, [key]: undefined });
  }
  inputs.push(...REPLACEMENTS);
  return inputs;
}

describe('parseData agrees with zod', () => {
  it('has valid inputs for every schema', () => {
    expect(Object.keys(VALID).sort()).toEqual(
      listSchemas()
        .map(({ name }) => name)
        .sort(),
    );
  });

  it.each(listSchemas().map(({ name, schema }) => [name, schema] as const))(
    '%s',
    (name, schema) => {
      const twin: DataSchema<unknown> = Reflect.get(contract, dataSchemaName(name));
      const disagreements: string[] = [];
      let accepted = 0;
      let refused = 0;
      for (const input of (VALID[name] ?? []).flatMap(mutations)) {
        const expected = schema.safeParse(input);
        const actual = parseData(twin, input);
        if (expected.success) accepted++;
        else refused++;
        const same =
          actual.success === expected.success &&
          (!actual.success || !expected.success || isStrictEqual(actual.data, expected.data));
        if (!same) {
          const [what] = JSON.stringify([input]).slice(0, 200).split('\n');
          disagreements.push(`zod ${expected.success}, parseData ${actual.success}: ${what}`);
        }
        if (!actual.success) {
          expect(actual.issues.length).toBeGreaterThan(0);
          expect(describeDataIssues(actual.issues)).not.toBe('');
        }
      }
      expect(disagreements).toEqual([]);
      // The corpus must exercise both sides.
      expect(accepted).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    },
  );
});

function isStrictEqual(actual: unknown, expected: unknown): boolean {
  try {
    expect(actual).toStrictEqual(expected);
    return true;
  } catch {
    return false;
  }
}

describe('parseData', () => {
  it('drops unknown keys and returns a copy', () => {
    const input = { status: '400', title: 'Bad', detail: 'x' };
    const parsed = parseData(contract.problemDataSchema, input);
    expect(parsed).toEqual({ success: true, data: { status: '400', title: 'Bad' } });
    expect(parsed.success && parsed.data).not.toBe(input);
  });

  it('says where and why, for the console', () => {
    const parsed = parseData(contract.searchCriteriaDataSchema, {
      ...criteria,
      text: 'a<b',
      filterItemIds: [1, 2.5],
      offset: -1,
      resultsPerPage: undefined,
      globalFilter: 'a'.repeat(201),
    });
    expect(parsed.success).toBe(false);
    expect(parsed.success ? '' : describeDataIssues(parsed.issues, 10)).toBe(
      [
        'globalFilter: longer than 200 characters',
        "text: does not match /^[A-Za-zÀ-ÿœ0-9\\-_' ]*$/",
        'filterItemIds.1: expected integer, got number',
        'offset: less than 0',
        'resultsPerPage: expected integer, got undefined',
      ].join('; '),
    );
    expect(
      describeDataIssues([{ path: [], keyword: 'type', expected: 'object', got: 'null' }]),
    ).toBe('(root): expected object, got null');
  });

  it('names the missing key and the alternatives of a union', () => {
    const missing = parseData(contract.problemDataSchema, { status: '400' });
    expect(missing.success ? [] : missing.issues).toEqual([
      { path: ['title'], keyword: 'required' },
    ]);
    const union = parseData(contract.portalIdDataSchema, true);
    expect(union.success ? [] : union.issues).toEqual([
      { path: [], keyword: 'type', expected: ['string', 'number'], got: 'boolean' },
    ]);
    expect(describeDataIssues(union.success ? [] : union.issues)).toBe(
      '(root): expected string or number, got boolean',
    );
  });
});
