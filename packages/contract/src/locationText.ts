/**
 * What a visitor may type in the location field ("Near"), shared by the widget's field and
 * the server's places call: letters of any script (with their marks), spaces, hyphens and
 * apostrophes, at most 100 characters. The search text's rule (searchText.ts) is not this
 * one: a city is typed in the visitor's own script (`Zürich`, `ليون`, `東京`).
 */

export const LOCATION_TEXT_MAX_LENGTH = 100;

export const LOCATION_TEXT_PATTERN = /^[\p{L}\p{M} '’-]*$/u;

export type LocationTextProblem = 'tooLong' | 'badCharacters';

/** Why a location text breaks the rule, or null when it is valid. */
export function findLocationTextProblem(text: string): LocationTextProblem | null {
  if (text.length > LOCATION_TEXT_MAX_LENGTH) return 'tooLong';
  if (!LOCATION_TEXT_PATTERN.test(text)) return 'badCharacters';
  return null;
}
