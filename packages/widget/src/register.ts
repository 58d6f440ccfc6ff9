/**
 * The page script: load it as <script type="module"> and <partners-network-search>
 * works. It also exports the whole API for pages that want mount() or the types.
 */
import { logError } from './core/log';
import { definePartnersNetworkSearch } from './element';

try {
  definePartnersNetworkSearch();
} catch (error) {
  // SPEC 8: a start-up failure is logged to the console only.
  logError('failed to start.', error);
}

export * from './index';
