/**
 * The widget's one way to the console: every line starts with the same prefix, so an
 * operator can filter the page's messages from the portal's. Problems with outside data
 * are warnings; failures of the page or of a call are errors.
 *
 * A warning's or an error's words, and an ApiError's (createApiClient.ts), are in
 * `logTexts.ts`, a chunk imported when one is written: the page script holds only their
 * codes and data, so a first visit that warns about nothing never loads them
 * (bench/README.md, texts15, texts16). The line is written once the chunk is in; when it
 * cannot come (the network has gone), the line says the text's code and its data, which
 * `logTexts.ts` reads in words, and an error's line still has the error itself.
 */
import type { LogText } from './logTexts';

const PREFIX = 'Partners Network:';

/** A text in words, or its code and data when its words cannot be loaded. */
export function formatText(text: LogText): Promise<string> {
  return import('./logTexts').then(
    (texts) => texts.formatText(text),
    () => `text ${JSON.stringify(text)} (core/logTexts.ts)`,
  );
}

/** Writes the warning once its words are in (a later task: tests wait for it). */
export function logWarning(text: LogText, ...details: unknown[]): void {
  void formatText(text).then((words) => console.warn(`${PREFIX} ${words}`, ...details));
}

/**
 * Writes the error once its words are in, and gives them (the search's failure is also the
 * error state's message). The line is always written, with its details (the error itself):
 * when the words cannot come, because what failed is the network, with the text's code and
 * data (formatText).
 */
export function logError(text: LogText, ...details: unknown[]): Promise<string> {
  return formatText(text).then((words) => {
    console.error(`${PREFIX} ${words}`, ...details);
    return words;
  });
}

/** An error's message for a console line (anything thrown may be a non-Error). */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
