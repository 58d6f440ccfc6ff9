/**
 * Partner links and pictures come from the API and the portal settings: outside data.
 * Only http(s) URLs (absolute, protocol-relative or relative to the page) are kept;
 * everything else (javascript:, data:, vbscript:, blob:, file:, ...) becomes null.
 * The browser's own URL parser decides the scheme, so tricks it would undo itself
 * (tabs or newlines inside the scheme, leading spaces, upper case) are seen through.
 */
const SAFE_PROTOCOLS = new Set(['http:', 'https:']);

/** Returns the absolute, resolved URL when it is safe to put in href/src, else null. */
export function sanitizeUrl(raw: unknown, base: string = defaultBase()): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
}

function defaultBase(): string {
  return typeof document === 'undefined' ? 'http://localhost/' : document.baseURI;
}
