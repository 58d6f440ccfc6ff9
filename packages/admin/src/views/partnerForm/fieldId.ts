/** The id of a field of the partner form (the error summary's links go there). */
export const fieldId = (field: string, part?: string | number) =>
  `partner-${field}${part === undefined ? '' : `-${part}`}`;
