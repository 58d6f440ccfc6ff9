/**
 * The `search` query parameter: base64 of the JSON of a saved search (SPEC 2).
 * Decoding is lenient about the transport (base64url, missing padding, '+' turned
 * into ' ' by a query string that was not URL-encoded) and strict about the content
 * (the contract's `searchCriteriaSchema`, through its data twin): anything else is
 * ignored with a warning and the page starts from defaults.
 */
import { locatedSearchCriteriaDataSchema, parseData } from '@partners-network/contract';
import type { SavedSearch } from './types';
import { logWarning } from './log';
import type { LogText, TextCode } from './logTexts';

/** Same fields and limits as the criteria sent to the API, the point and radius included. */
const savedSearchSchema = locatedSearchCriteriaDataSchema;

function ignore(why: LogText): null {
  logWarning(why);
  return null;
}

/** Returns the saved search, or null (with a console warning) when the value is unusable. */
export function decodeSavedSearch(value: string): SavedSearch | null {
  const json = base64ToText(value);
  if (json === null) return ignore([5 satisfies TextCode<'savedSearchNotBase64'>]);
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return ignore([6 satisfies TextCode<'savedSearchNotJson'>]);
  }
  const parsed = parseData(savedSearchSchema, data);
  if (parsed.success) return parsed.data;
  // A bad point, radius or sort costs only those: parsed again without them, the text
  // and ticked items stay (an optional key present as undefined stays undefined).
  const kept = parseData(savedSearchSchema, {
    ...Object(data),
    near: undefined,
    radiusKm: undefined,
    sort: undefined,
  });
  logWarning([7 satisfies TextCode<'savedSearchShape'>, parsed.issues, kept.success]);
  return kept.success ? kept.data : null;
}

function base64ToText(value: string): string | null {
  const standard = value.trim().replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(standard) || standard.length % 4 === 1) return null;
  const padded = standard.replace(/=+$/, '');
  let binary: string;
  try {
    binary = atob(padded + '='.repeat((4 - (padded.length % 4)) % 4));
  } catch {
    return null;
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: a link made with plain btoa() holds Latin-1 ('é' as one byte).
    return binary;
  }
}
