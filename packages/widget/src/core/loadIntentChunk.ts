/**
 * Asks for the intent chunk (../intentChunk.ts), its sheet added when it comes: the page at
 * the visitor's first focus or pointer press (its chips), connectUrl.ts with a saved search to
 * write (its writer). The module map makes it one fetch however often it is asked for.
 */
import { addStyles } from '../adoptStyles';
import type * as IntentChunk from '../intentChunk';

export function loadIntentChunk(): Promise<typeof IntentChunk> {
  return import('../intentChunk').then((chunk) => {
    addStyles(chunk.styles);
    return chunk;
  });
}
