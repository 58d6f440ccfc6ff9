/** Turns schema issues into one short sentence that names each field, for a 400 title. */
export interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  origin?: string;
  /** The fields a strict object does not know (code unrecognized_keys). */
  keys?: readonly string[];
}

const MAX_ISSUES = 3;

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  array: 'an array',
  object: 'an object',
  boolean: 'true or false',
};

function fieldName(path: PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const part of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = Reflect.get(value, part);
  }
  return value;
}

function describeIssue(issue: SchemaIssue, input: unknown, subject: string): string {
  if (issue.code === 'unrecognized_keys' && issue.keys && issue.keys.length > 0) {
    // A misspelt optional field would otherwise be dropped without a word, and its value lost.
    const keys = issue.keys.slice(0, 3).map((key) => key.slice(0, 40));
    const owner = issue.path.length === 0 ? subject : fieldName(issue.path);
    return `${owner} has no field ${keys.join(', ')}`;
  }
  if (issue.path.length === 0) {
    return `${subject} must be ${EXPECTED[issue.expected ?? ''] ?? 'valid'}`;
  }
  const field = fieldName(issue.path);
  if (issue.code === 'invalid_union' && valueAt(input, issue.path) === undefined) {
    return `${field} is required`;
  }
  if (issue.code === 'invalid_type') {
    if (valueAt(input, issue.path) === undefined) return `${field} is required`;
    return `${field} must be ${EXPECTED[issue.expected ?? ''] ?? 'of another type'}`;
  }
  // Custom messages of the contract name their field; any other gets it in front.
  if (issue.message !== '' && issue.message !== 'Invalid input') {
    const named = issue.path.findLast((part) => typeof part === 'string');
    return typeof named === 'string' && issue.message.includes(named)
      ? issue.message
      : `${field}: ${issue.message}`;
  }
  if (issue.code === 'too_big') {
    return issue.origin === 'array'
      ? `${field} has more than ${String(issue.maximum)} items`
      : `${field} is longer than ${String(issue.maximum)}`;
  }
  if (issue.code === 'too_small') return `${field} is smaller than ${String(issue.minimum)}`;
  return `${field} is not valid`;
}

export function describeIssues(
  issues: readonly SchemaIssue[],
  input: unknown,
  subject = 'request body',
): string {
  const sentences = [...new Set(issues.map((issue) => describeIssue(issue, input, subject)))];
  const shown = sentences.slice(0, MAX_ISSUES).join('; ');
  return sentences.length > MAX_ISSUES ? `${shown}; and more` : shown;
}
