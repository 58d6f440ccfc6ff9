/** Defines the element first in the page script: its pages start, and ask, at once. */
import { logError } from './core/log';
import type { TextCode } from './core/logTexts';
import { definePartnersNetworkSearch } from './element';

try {
  definePartnersNetworkSearch();
} catch (error) {
  // SPEC 8: a start-up failure is logged to the console only.
  void logError([40 satisfies TextCode<'elementNotStarted'>], error);
}
