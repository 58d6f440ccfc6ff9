/**
 * The ids of the Tuning view's fields, made from the draft's keys, so the error summary can
 * send the focus to the field a problem of the schema is about.
 */
export const synonymFieldId = (key: number, field: 'phrases' | 'from' | 'to') =>
  `tuning-synonym-${key}-${field}`;

export const ruleFieldId = (key: number, field: 'query' | 'find') => `tuning-rule-${key}-${field}`;

export const ADD_SYNONYMS_ID = 'tuning-add-equivalent';
export const ADD_RULE_ID = 'tuning-add-rule';

/**
 * The focus to a field once the render that draws it is done: where to go on from after a
 * set is added (its first field) or the control pressed is gone (a set removed, a partner
 * unpinned), instead of the page's start.
 */
export function focusSoon(id: string): void {
  setTimeout(() => document.getElementById(id)?.focus(), 0);
}

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
