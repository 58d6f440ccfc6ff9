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

/** Ties a generated node to the type of its zod schema; only generated code calls it. */
export function dataSchema<T>(node: DataSchemaNode): DataSchema<T> {
  return node;
}
