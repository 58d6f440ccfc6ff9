/**
 * The browser's validator: checks outside data against a generated `DataSchema` and
 * returns a fresh copy with unknown object keys dropped, as zod's `safeParse` would.
 * It replaces zod in the widget bundle (~7 KB gzip less, and no `new Function` probe);
 * `__tests__/parseData.test.ts` runs it and zod on the same inputs to prove they agree.
 */
import type { DataSchema, DataSchemaNode } from './dataSchema';

/**
 * Which rule of the schema a value broke, as its keyword (JSON Schema's) and the rule's
 * value: no words, so a page that only checks data carries none; `describeDataIssues`
 * (a module of its own, so a bundle puts it with its users) says it in words; the widget
 * loads it with its console texts, when it writes one.
 */
export type DataIssue = { path: (string | number)[] } & (
  | { keyword: 'required' }
  /** `expected`: the type, or each alternative's (undefined: anything); `got`: the value's. */
  | { keyword: 'type'; expected: string | readonly (string | undefined)[]; got: string }
  | { keyword: 'const'; expected: unknown }
  | { keyword: 'pattern'; expected: string }
  | {
      keyword: 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'minItems' | 'maxItems';
      expected: number;
    }
);

/** What `walk` found, before its path (each kind of the union without it). */
type IssueRule<I = DataIssue> = I extends DataIssue ? Omit<I, 'path'> : never;

export type DataParseResult<T> =
  { success: true; data: T } | { success: false; issues: DataIssue[] };

export function parseData<T>(schema: DataSchema<T>, input: unknown): DataParseResult<T> {
  const issues: DataIssue[] = [];
  const data = walk(schema, input, [], issues);
  if (issues.length > 0) return { success: false, issues };
  // The one trust step: `schema` was generated from the zod schema whose output is T,
  // and the walk accepted the input (the agreement tests hold the two together).
  return { success: true, data: data as T };
}

/**
 * JSON-like type names; NaN and ±Infinity are not numbers, and an integer is a safe
 * integer (beyond ±2^53 - 1 it is only a number), as for zod.
 */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') {
    return Number.isSafeInteger(value)
      ? 'integer'
      : Number.isFinite(value)
        ? 'number'
        : String(value);
  }
  return typeof value;
}

function walk(
  node: DataSchemaNode,
  value: unknown,
  path: (string | number)[],
  issues: DataIssue[],
): unknown {
  const fail = (rule: IssueRule): void => {
    issues.push({ path, ...rule });
  };
  const { anyOf, type } = node;
  if (anyOf) {
    for (const option of anyOf) {
      const optionIssues: DataIssue[] = [];
      const output = walk(option, value, path, optionIssues);
      if (optionIssues.length === 0) return output;
    }
    fail({ keyword: 'type', expected: anyOf.map((option) => option.type), got: typeOf(value) });
    return value;
  }
  if (!type) return value;
  const actual = typeOf(value);
  if (actual !== type && !(type === 'number' && actual === 'integer')) {
    fail({ keyword: 'type', expected: type, got: actual });
    return value;
  }
  if (node.const !== undefined && value !== node.const) {
    fail({ keyword: 'const', expected: node.const });
  }
  if (typeof value === 'string') {
    const { minLength = 0, maxLength = Infinity, pattern } = node;
    if (value.length < minLength) fail({ keyword: 'minLength', expected: minLength });
    if (value.length > maxLength) fail({ keyword: 'maxLength', expected: maxLength });
    if (pattern !== undefined && !new RegExp(pattern).test(value)) {
      fail({ keyword: 'pattern', expected: pattern });
    }
    return value;
  }
  if (typeof value === 'number') {
    const { minimum = -Infinity, maximum = Infinity } = node;
    if (value < minimum) fail({ keyword: 'minimum', expected: minimum });
    if (value > maximum) fail({ keyword: 'maximum', expected: maximum });
    return value;
  }
  if (Array.isArray(value)) {
    const { minItems = 0, maxItems = Infinity, items = {} } = node;
    if (value.length < minItems) fail({ keyword: 'minItems', expected: minItems });
    if (value.length > maxItems) fail({ keyword: 'maxItems', expected: maxItems });
    const output: unknown[] = [];
    // An index loop, as zod's: holes are read as undefined.
    for (let index = 0; index < value.length; index++) {
      output.push(walk(items, value[index], [...path, index], issues));
    }
    return output;
  }
  if (type === 'object' && typeof value === 'object' && value !== null) {
    const { properties = {} } = node;
    const output: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(properties)) {
      // `[node]`: the key may be absent (zod's optional).
      const optional = Array.isArray(property);
      const child = optional ? property[0] : property;
      // Read like zod: inherited and getter properties count; an optional key that is
      // absent stays absent, one present as undefined stays undefined.
      const item: unknown = Reflect.get(value, key);
      if (!(key in value)) {
        if (!optional) issues.push({ path: [...path, key], keyword: 'required' });
        continue;
      }
      output[key] =
        item === undefined && optional ? undefined : walk(child, item, [...path, key], issues);
    }
    return output;
  }
  return value;
}
