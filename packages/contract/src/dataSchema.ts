/**
 * The data-only form of a zod schema that the widget validates with in the browser:
 * the subset of JSON Schema (draft 2020-12) that `scripts/generateDataSchemas.ts`
 * lets through, read by `parseData`, with one change: an object's optional keys are
 * written `[node]` in its `properties`, in place of JSON Schema's list of required keys
 * (each key is written once, fewer bytes in the page script). It is generated from the
 * zod schemas, never written by hand, so the zod schemas stay the one source of the rules.
 */

export type DataSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';

/** A property of an object node: `[node]` when the key may be absent. */
export type DataSchemaProperty = DataSchemaNode | [DataSchemaNode];

/** One node; `{}` accepts anything. Every keyword here is one `parseData` checks. */
export interface DataSchemaNode {
  readonly type?: DataSchemaType;
  /**
   * Objects: known keys, each required unless written `[node]` (zod's `z.optional`); any
   * other key is dropped from the output (zod's `z.object`).
   */
  readonly properties?: Readonly<Record<string, DataSchemaProperty>>;
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
 * structure around them. An object's keys written once (not again in `required`), a helper
 * for objects and the plain types as shared nodes: 140 B (gzip) less of the page script
 * than the JSON form, this code and `parseData`'s reading of `[node]` included.
 */
export const stringNode: DataSchemaNode = { type: 'string' };
export const numberNode: DataSchemaNode = { type: 'number' };
export const integerNode: DataSchemaNode = { type: 'integer' };
export const booleanNode: DataSchemaNode = { type: 'boolean' };

/**
 * An object node. Marked free of side effects so that a bundle drops the schemas no one
 * imports (Rollup reads the mark; without it every call of the generated files stays in
 * the page script).
 */
/* @__NO_SIDE_EFFECTS__ */
export function objectNode(
  properties: Readonly<Record<string, DataSchemaProperty>>,
): DataSchemaNode {
  return { type: 'object', properties };
}

/** Ties a generated node to the type of its zod schema; only generated code calls it. */
export function dataSchema<T>(node: DataSchemaNode): DataSchema<T> {
  return node;
}
