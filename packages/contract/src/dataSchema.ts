/**
 * The data-only form of a zod schema that the widget validates with in the browser:
 * the subset of JSON Schema (draft 2020-12) that `scripts/generateDataSchemas.ts`
 * lets through, read by `parseData`. It is generated from the zod schemas, never
 * written by hand, so the zod schemas stay the one source of the rules.
 */

export type DataSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';

/** One node; `{}` accepts anything. Every keyword here is one `parseData` checks. */
export interface DataSchemaNode {
  readonly type?: DataSchemaType;
  /** Objects: known keys; any other key is dropped from the output (zod's `z.object`). */
  readonly properties?: Readonly<Record<string, DataSchemaNode>>;
  readonly required?: readonly string[];
  readonly items?: DataSchemaNode;
  readonly minItems?: number;
  readonly maxItems?: number;
  /** In UTF-16 code units, as zod and `String.length` count. */
  readonly minLength?: number;
  readonly maxLength?: number;
  /** A regular expression source without flags, tested unanchored as zod does. */
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  /** The first alternative that accepts gives the output (zod's `z.union`). */
  readonly anyOf?: readonly DataSchemaNode[];
  /** The one value allowed (zod's `z.literal`), compared with `===`. */
  readonly const?: string | number | boolean;
}

declare const parsedType: unique symbol;

/** A node that parses to `T`: `T` is `z.output` of the zod schema it was generated from. */
export type DataSchema<T> = DataSchemaNode & { readonly [parsedType]?: T };

/**
 * The generated files' compact form (`scripts/generateDataSchemas.ts` writes it): the page
 * script carries each schema as code, and gzip keeps what is unique in it, the keys and the
 * structure around them. Writing an object's keys once (not again in `required`) and the
 * plain types as shared nodes is 95 B (gzip) less of the page script than the JSON form,
 * this code included; the nodes built are the same (the agreement tests compare them).
 */
export const stringNode: DataSchemaNode = { type: 'string' };
export const numberNode: DataSchemaNode = { type: 'number' };
export const integerNode: DataSchemaNode = { type: 'integer' };
export const booleanNode: DataSchemaNode = { type: 'boolean' };

/** A property that may be absent is written `[node]` in `objectNode`'s argument. */
export type DataSchemaProperty = DataSchemaNode | [DataSchemaNode];

/**
 * An object node: each property is required unless written `[node]` (optional). Marked
 * free of side effects so that a bundle drops the schemas no one imports (Rollup reads the
 * mark; without it every call of the generated files stays in the page script).
 */
/* @__NO_SIDE_EFFECTS__ */
export function objectNode(properties: Record<string, DataSchemaProperty>): DataSchemaNode {
  const nodes: Record<string, DataSchemaNode> = {};
  const required: string[] = [];
  for (const [key, property] of Object.entries(properties)) {
    if (Array.isArray(property)) nodes[key] = property[0];
    else {
      nodes[key] = property;
      required.push(key);
    }
  }
  return { type: 'object', properties: nodes, required };
}

/** Ties a generated node to the type of its zod schema; only generated code calls it. */
export function dataSchema<T>(node: DataSchemaNode): DataSchema<T> {
  return node;
}
