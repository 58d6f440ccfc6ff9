import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import * as contract from '../../src/index';
import {
  DATA_SCHEMAS_PATH,
  OUTPUTS,
  dataSchemaName,
  listSchemas,
  renderDataSchemas,
  toDataSchemaNode,
} from '../generateDataSchemas';

describe('src/dataSchemas.ts', () => {
  it('is what the generator writes today (run `npm run generate -w @partners-network/contract`)', async () => {
    for (const output of OUTPUTS) {
      expect(readFileSync(output.path, 'utf8')).toBe(await renderDataSchemas(output));
    }
  });

  it('has a twin, exported by the package, for every zod schema', () => {
    const names = listSchemas().map(({ name }) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'searchCriteriaSchema',
        'searchResponseSchema',
        'filterDefinitionsSchema',
        'problemSchema',
        'liferaySchema',
        'portalSettingsSchema',
        'backgroundPictureSchema',
        'portalIdSchema',
      ]),
    );
    for (const { name, schema } of listSchemas()) {
      expect(Reflect.get(contract, dataSchemaName(name)), name).toEqual(toDataSchemaNode(schema));
    }
  });
});

describe('data schemas', () => {
  it('are only ever generated: no other file calls dataSchema()', () => {
    const packages = resolve(DATA_SCHEMAS_PATH, '../../..');
    const callers = ['contract/src', 'widget/src', 'server/src']
      .flatMap((folder) =>
        readdirSync(join(packages, folder), { recursive: true, encoding: 'utf8' }).map((file) =>
          join(packages, folder, file),
        ),
      )
      .filter((file) => /\.tsx?$/.test(file) && !file.includes('__tests__'))
      .filter((file) => /\bdataSchema\s*[<(]/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(packages, file));
    expect(callers.sort()).toEqual([
      'contract/src/attributeDataSchemas.ts',
      'contract/src/contactDataSchemas.ts',
      'contract/src/dataSchema.ts',
      'contract/src/dataSchemas.ts',
      'contract/src/placesDataSchemas.ts',
    ]);
  });
});

describe('toDataSchemaNode', () => {
  it('keeps the rules parseData checks', () => {
    expect(
      toDataSchemaNode(
        z.object({
          text: z.string().check(z.maxLength(3), z.regex(/^a+$/)),
          count: z.optional(z.int().check(z.minimum(1))),
          ids: z.array(z.number()).check(z.maxLength(2)),
          id: z.union([z.string(), z.number()]),
        }),
      ),
    ).toEqual({
      type: 'object',
      properties: {
        text: { type: 'string', maxLength: 3, pattern: '^a+$' },
        // The safe-integer bound zod adds is left out: parseData's integer is a safe one;
        // an optional key is written [node], in place of JSON Schema's required list.
        count: [{ type: 'integer', minimum: 1 }],
        ids: { type: 'array', maxItems: 2, items: { type: 'number' } },
        id: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      },
    });
  });

  it('carries a literal as const, which parseData compares', () => {
    expect(toDataSchemaNode(z.literal(true))).toEqual({ type: 'boolean', const: true });
    expect(toDataSchemaNode(z.literal('a'))).toEqual({ type: 'string', const: 'a' });
  });

  // Each of these would be silently weakened by a plain JSON Schema translation.
  it.each([
    ['a refinement', z.string().check(z.refine((value) => value !== 'x'))],
    ['a regex with flags', z.string().check(z.regex(/^a$/i))],
    ['a default', z.object({ a: z._default(z.string(), 'x') })],
    [
      'a transform',
      z.pipe(
        z.string(),
        z.transform((value) => value.length),
      ),
    ],
    ['a strict object', z.strictObject({ a: z.string() })],
    ['a loose object', z.looseObject({ a: z.string() })],
    ['an exclusive bound', z.number().check(z.gt(0))],
    ['a string format', z.email()],
    ['a nullable', z.nullable(z.string())],
    ['a literal of several values', z.literal(['a', 'b'])],
    ['an enum', z.enum(['a', 'b'])],
    ['a custom type', z.custom<() => void>((value) => typeof value === 'function')],
  ])('refuses %s', (_label, schema) => {
    expect(() => toDataSchemaNode(schema)).toThrow();
  });
});
