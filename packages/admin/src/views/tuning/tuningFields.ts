/**
 * The ids of the Tuning view's fields, made from the draft's keys, so the error summary can
 * send the focus to the field a problem of the schema is about.
 */
export const synonymFieldId = (key: number, field: 'phrases' | 'from' | 'to') =>
  `tuning-synonym-${key}-${field}`;

export const ruleFieldId = (key: number, field: 'query' | 'find') => `tuning-rule-${key}-${field}`;

/** `synonymSets.<key>.<field>` or `queryRules.<key>.<field>`: the id of its field. */
export function targetOfTuning(field: string): string | undefined {
  const [list, keyText, part] = field.split('.');
  const key = Number(keyText);
  if (!Number.isInteger(key)) return undefined;
  if (list === 'synonymSets') {
    return synonymFieldId(key, part === 'from' || part === 'to' ? part : 'phrases');
  }
  if (list === 'queryRules') return ruleFieldId(key, part === 'query' ? 'query' : 'find');
  return undefined;
}
