/** Search text rules of SPEC.md section 5, shared by the widget and the server. */

export const SEARCH_TEXT_MAX_LENGTH = 150;

/**
 * A-Z, a-z, accented Latin letters À to ÿ, the ligature œ, digits, hyphen,
 * underscore, apostrophe and space. The range À-ÿ is taken as the spec writes it.
 */
export const SEARCH_TEXT_PATTERN = /^[A-Za-zÀ-ÿœ0-9\-_' ]*$/;

/** The exact tooltip text of SPEC.md section 5. */
export const SEARCH_TEXT_INVALID_MESSAGE =
  "The search only allow A-Z a-z À-ÿ 0-9 and the special characters:-_'. Please enter a valid value on the search.";

export type SearchTextProblem = 'tooLong' | 'badCharacters';

/** Returns why a search text breaks the rules, or null when it is valid. */
export function findSearchTextProblem(text: string): SearchTextProblem | null {
  if (text.length > SEARCH_TEXT_MAX_LENGTH) return 'tooLong';
  if (!SEARCH_TEXT_PATTERN.test(text)) return 'badCharacters';
  return null;
}
