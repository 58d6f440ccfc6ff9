/**
 * Writes `src/dataSchemas.ts`: the data-only twin (`DataSchema`) of every zod schema
 * exported by `src/schemas.ts` and `src/portalSchemas.ts`, for the browser's
 * `parseData`. zod's own `toJSONSchema` does the translation; this script refuses
 * anything `parseData` would not check exactly as zod does (refinements, regex
 * flags, defaults, transforms, strict or loose objects, other keywords), so a new
 * rule in a schema cannot be dropped silently.
 *
 *   npm run generate -w @partners-network/contract          (write)
 *   npm run generate -w @partners-network/contract -- --check (fail when stale)
 *
 * `src/__tests__/dataSchemas.test.ts` fails when the file is stale, so `npm test`
 * catches a schema changed without regenerating.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import * as z from 'zod/mini';
import type { DataSchemaNode, DataSchemaProperty, DataSchemaType } from '../src/dataSchema';
import * as attributeSchemas from '../src/attributeSchemas';
import * as contactSchemas from '../src/contactSchemas';
import * as placesSchemas from '../src/placesSchemas';
import * as portalSchemas from '../src/portalSchemas';
import * as wireSchemas from '../src/schemas';

const here = dirname(fileURLToPath(import.meta.url));
export const DATA_SCHEMAS_PATH = resolve(here, '../src/dataSchemas.ts');

interface Output {
  path: string;
  /** Source modules, as the generated file imports their types. */
  sources: Readonly<Record<string, object>>;
}

/**
 * Each generated file and the modules it twins. The contact form's twins are a file of
 * their own: only the contact dialog's chunk imports it, and a bundler places a module
 * whole, so in `dataSchemas.ts` they would be bytes of the page script.
 */
export const OUTPUTS: readonly Output[] = [
  { path: DATA_SCHEMAS_PATH, sources: { schemas: wireSchemas, portalSchemas } },
  { path: resolve(here, '../src/contactDataSchemas.ts'), sources: { contactSchemas } },
  // The same for the location field's places call (issue 25).
  { path: resolve(here, '../src/placesDataSchemas.ts'), sources: { placesSchemas } },
  // The element's background-sources attribute, read by a chunk only when it is set.
  { path: resolve(here, '../src/attributeDataSchemas.ts'), sources: { attributeSchemas } },
];

/** zod node kinds and checks whose JSON Schema `parseData` reads exactly. */
const KNOWN_KINDS = new Set([
  'string',
  'number',
  'boolean',
  'object',
  'array',
  'optional',
  'union',
  'unknown',
  'literal',
]);
const KNOWN_CHECKS = new Set([
  'max_length',
  'min_length',
  'length_equals',
  'greater_than',
  'less_than',
]);
const TYPES: readonly DataSchemaType[] = [
  'string',
  'number',
  'integer',
  'boolean',
  'object',
  'array',
];

function isZodSchema(value: unknown): value is z.ZodMiniType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** Throws on a zod node or check whose rule the JSON Schema would not carry. */
function refuseUnsupported(ctx: { zodSchema: z.core.$ZodTypes; path: (string | number)[] }): void {
  const where = ctx.path.join('/') || '(root)';
  const def = ctx.zodSchema._zod.def;
  if (!KNOWN_KINDS.has(def.type))
    throw new Error(`${where}: zod type "${def.type}" is not supported`);
  for (const check of def.checks ?? []) {
    const checkDef = check._zod.def;
    if (checkDef.check === 'string_format' && Reflect.get(checkDef, 'format') === 'regex') {
      const pattern: unknown = Reflect.get(checkDef, 'pattern');
      if (pattern instanceof RegExp && pattern.flags === '') continue;
      throw new Error(`${where}: regex flags are not supported (JSON Schema drops them)`);
    }
    if (!KNOWN_CHECKS.has(checkDef.check)) {
      throw new Error(`${where}: check "${checkDef.check}" is not supported`);
    }
  }
}

function jsonSchemaOf(schema: z.ZodMiniType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io, override: refuseUnsupported });
  // The dialect tag is not a rule.
  return Object.fromEntries(Object.entries(json).filter(([key]) => key !== '$schema'));
}

/** Output-mode JSON Schema of z.object says additionalProperties: false even though zod strips. */
function withoutClosedObjects(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutClosedObjects);
  if (typeof value !== 'object' || value === null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'additionalProperties' && item === false) continue;
    result[key] = withoutClosedObjects(item);
  }
  return result;
}

const isNumber = (value: unknown): value is number => typeof value === 'number';
const isString = (value: unknown): value is string => typeof value === 'string';
const isType = (value: unknown): value is DataSchemaType => TYPES.some((type) => type === value);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Copies one JSON Schema node into a DataSchemaNode, refusing any other keyword. */
function toNode(json: unknown, where: string): DataSchemaNode {
  if (!isRecord(json)) throw new Error(`${where}: not a schema object`);
  // zod writes a union of plain types as `type: [a, b]`; parseData reads only anyOf.
  const { type: types, ...rest } = json;
  if (Array.isArray(types)) {
    return toNode({ anyOf: types.map((type: unknown) => ({ ...rest, type })) }, where);
  }
  const node: { -readonly [K in keyof DataSchemaNode]: DataSchemaNode[K] } = {};
  for (const [key, value] of Object.entries(json)) {
    const fail = (): never => {
      throw new Error(`${where}: keyword ${key}=${JSON.stringify(value)} is not supported`);
    };
    switch (key) {
      case 'type':
        node.type = isType(value) ? value : fail();
        break;
      case 'minLength':
      case 'maxLength':
      case 'minItems':
      case 'maxItems':
      case 'minimum':
      case 'maximum':
        // zod writes the safe-integer bounds into every z.int(); parseData's `integer`
        // is a safe integer already, so they would only be bytes in the page script.
        if (json.type === 'integer' && Math.abs(Number(value)) === Number.MAX_SAFE_INTEGER) break;
        node[key] = isNumber(value) ? value : fail();
        break;
      case 'pattern':
        node.pattern = isString(value) ? value : fail();
        break;
      case 'const':
        node.const =
          isString(value) || isNumber(value) || typeof value === 'boolean' ? value : fail();
        break;
      case 'required':
        // Read with `properties`: the keys not in it are written `[node]` there.
        if (!Array.isArray(value) || !value.every(isString)) fail();
        break;
      case 'items':
        node.items = toNode(value, `${where}/items`);
        break;
      case 'anyOf':
        node.anyOf = Array.isArray(value)
          ? value.map((option, index) => toNode(option, `${where}/anyOf/${index}`))
          : fail();
        break;
      case 'properties': {
        if (!isRecord(value)) return fail();
        const required = Array.isArray(json.required) ? json.required : [];
        const properties: Record<string, DataSchemaProperty> = {};
        for (const [name, property] of Object.entries(value)) {
          if (name === '__proto__') fail();
          const child = toNode(property, `${where}/${name}`);
          properties[name] = required.includes(name) ? child : [child];
        }
        node.properties = properties;
        break;
      }
      default:
        fail();
    }
  }
  if (node.type === 'object' && !node.properties) node.properties = {};
  if (node.type === 'array' && !node.items) throw new Error(`${where}: an array needs items`);
  return node;
}

/** The DataSchemaNode of a zod schema, or an error naming what cannot be carried over. */
export function toDataSchemaNode(schema: z.ZodMiniType, name = '(schema)'): DataSchemaNode {
  const input = jsonSchemaOf(schema, 'input');
  const output = withoutClosedObjects(jsonSchemaOf(schema, 'output'));
  // Equal unless the schema has defaults, transforms, pipes or strict objects.
  if (JSON.stringify(input) !== JSON.stringify(output)) {
    throw new Error(`${name}: its input and output differ, which parseData cannot reproduce`);
  }
  return toNode(input, name);
}

/** `fooSchema` -> `fooDataSchema`. */
export const dataSchemaName = (schemaName: string): string =>
  schemaName.replace(/Schema$/, 'DataSchema');

/** Every exported zod schema, with the module it comes from, sorted by name. */
export function listSchemas(
  sources: Output['sources'] = Object.assign({}, ...OUTPUTS.map((output) => output.sources)),
): { module: string; name: string; schema: z.ZodMiniType }[] {
  return Object.entries(sources).flatMap(([module, exports]) =>
    Object.keys(exports)
      .sort()
      .flatMap((name) => {
        const schema: unknown = Reflect.get(exports, name);
        return isZodSchema(schema) ? [{ module, name, schema }] : [];
      }),
  );
}

/** The shared nodes of `dataSchema.ts`, by the only keyword they have (their type). */
const SHARED_NODES: Readonly<Record<string, string>> = {
  string: 'stringNode',
  number: 'numberNode',
  integer: 'integerNode',
  boolean: 'booleanNode',
};

/**
 * A node as code in `dataSchema.ts`'s compact form (the same node): a plain type is its
 * shared node, an object `objectNode({...})`, anything else a literal. `used` collects the
 * helpers the code names.
 */
function renderNode(node: DataSchemaNode, used: Set<string>): string {
  const shared = node.type && Object.keys(node).length === 1 ? SHARED_NODES[node.type] : undefined;
  if (shared) {
    used.add(shared);
    return shared;
  }
  const { type, properties, ...rest } = node;
  if (type === 'object' && properties && Object.keys(rest).length === 0) {
    used.add('objectNode');
    const entries = Object.entries(properties).map(([key, property]) => {
      const code = Array.isArray(property)
        ? `[${renderNode(property[0], used)}]`
        : renderNode(property, used);
      return `${JSON.stringify(key)}: ${code}`;
    });
    return `objectNode({${entries.join(', ')}})`;
  }
  if (properties) throw new Error('an object node with other keywords is not supported');
  const entries = Object.entries(node).map(([key, value]: [string, unknown]) => {
    const code =
      key === 'items'
        ? renderNode(node.items ?? {}, used)
        : key === 'anyOf'
          ? `[${(node.anyOf ?? []).map((option) => renderNode(option, used)).join(', ')}]`
          : JSON.stringify(value);
    return `${JSON.stringify(key)}: ${code}`;
  });
  return `{${entries.join(', ')}}`;
}

export async function renderDataSchemas(output: Output = mainOutput()): Promise<string> {
  const modules = Object.keys(output.sources);
  const lines = [
    '/**',
    ` * GENERATED by scripts/generateDataSchemas.ts from ${modules.map((m) => `${m}.ts`).join(' and ')}:`,
    ' * do not edit. Regenerate with `npm run generate -w @partners-network/contract`.',
    " * One DataSchema per zod schema, typed with that schema's output (types only: no zod",
    ' * in the bundle), for `parseData` in the browser.',
    ' */',
    "import type * as z from 'zod/mini';",
  ];
  const used = new Set(['dataSchema']);
  const schemas = listSchemas(output.sources).map(({ module, name, schema }) => {
    const node = renderNode(toDataSchemaNode(schema, name), used);
    return `\nexport const ${dataSchemaName(name)} = dataSchema<z.output<typeof ${module}.${name}>>(${node});`;
  });
  lines.push(
    `import { ${[...used].sort().join(', ')} } from './dataSchema';`,
    ...modules.map((module) => `import type * as ${module} from './${module}';`),
    ...schemas,
  );
  const options = await prettier.resolveConfig(output.path);
  return prettier.format(lines.join('\n'), { ...options, filepath: output.path });
}

function mainOutput(): Output {
  const [main] = OUTPUTS;
  if (!main) throw new Error('no output');
  return main;
}

/** The generated files that are not what the generator writes today. */
async function staleOutputs(): Promise<Output[]> {
  const stale: Output[] = [];
  for (const output of OUTPUTS) {
    const current = readFileSync(output.path, { encoding: 'utf8', flag: 'a+' });
    if (current !== (await renderDataSchemas(output))) stale.push(output);
  }
  return stale;
}

/** Null when every generated file is up to date, else what to do about it. */
export async function findStaleDataSchemas(): Promise<string | null> {
  const stale = await staleOutputs();
  return stale.length === 0
    ? null
    : `${stale.map((output) => output.path).join(', ')} stale: run npm run generate -w @partners-network/contract`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const stale = await staleOutputs();
  if (stale.length > 0 && process.argv.includes('--check')) {
    console.error(await findStaleDataSchemas());
    process.exit(1);
  }
  for (const output of stale) {
    writeFileSync(output.path, await renderDataSchemas(output));
    console.log(`wrote ${output.path}`);
  }
}
