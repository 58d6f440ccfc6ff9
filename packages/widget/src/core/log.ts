/**
 * The widget's one way to the console: every line starts with the same prefix, so an
 * operator can filter the page's messages from the portal's. Problems with outside data
 * are warnings; failures of the page or of a call are errors.
 */
const PREFIX = 'Partners Network:';

export function logWarning(message: string, ...details: unknown[]): void {
  console.warn(`${PREFIX} ${message}`, ...details);
}

export function logError(message: string, ...details: unknown[]): void {
  console.error(`${PREFIX} ${message}`, ...details);
}

/** An error's message for a console line (anything thrown may be a non-Error). */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
