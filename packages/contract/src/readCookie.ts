/**
 * Reads one cookie from a Cookie header or `document.cookie` ("a=1; b=2"): the server's
 * anti-forgery check and the widget's POST read the same cookie, so they read it alike.
 * A value in double quotes is unquoted (RFC 6265 allows them); an encoded value is
 * URL-decoded, a broken encoding kept raw. Undefined when absent. Written small: it is
 * in the widget's page script, which has a byte budget.
 */
export function readCookie(header: string, name: string): string | undefined {
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) {
      const value = pair
        .slice(separator + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}
