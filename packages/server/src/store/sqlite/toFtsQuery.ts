/**
 * Turns a visitor's text into an FTS5 query without ever pasting raw text into MATCH
 * syntax: the text is cut into letter/digit runs, each run is double-quoted (the runs
 * hold no quotes), all must match (implicit AND) and the last one is a prefix, so
 * "clou" finds "Cloud". Returns null when the text holds no searchable term.
 */
export function toFtsQuery(text: string): string | null {
  const terms = text
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((term) => term !== '');
  if (terms.length === 0) return null;
  // Bounded: the text is at most 150 characters, so at most 75 terms.
  return terms.map((term, index) => `"${term}"${index === terms.length - 1 ? '*' : ''}`).join(' ');
}
