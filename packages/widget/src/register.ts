/**
 * The page script: load it as <script type="module"> and <partners-network-search>
 * works. It also exports what a page without React needs: mount() and the element's
 * names. The React components (PartnersNetworkSearch, SearchPage) are for React hosts,
 * who import the package (`@partners-network/widget`): a page that only shows the
 * element does not download them.
 */
// First, before any module of the widget's: React's modules then lead the page script and
// the widget's code follows them in one piece, which gzip's 32 KB window packs tighter
// (142 B of a first visit; bench/README.md, branch bytes19). Importing it runs nothing
// sooner that matters: the modules before it only declare.
import 'react-dom/client';
import { setBaseStyles } from './adoptStyles';
import { logError } from './core/log';
import type { TextCode } from './core/logTexts';
import { definePartnersNetworkSearch } from './element';

try {
  definePartnersNetworkSearch();
} catch (error) {
  // SPEC 8: a start-up failure is logged to the console only.
  void logError([40 satisfies TextCode<'elementNotStarted'>], error);
}

export { mount } from './mount';
export type { MountOptions } from './mount';
export { definePartnersNetworkSearch, ELEMENT_NAME } from './element';
export { ELEMENT_ATTRIBUTES } from './readElementAttributes';
export type { UrlState } from './readElementAttributes';
export type {
  LocationParams,
  PartnerCard,
  PagePhase,
  Picture,
  PortalContext,
  SavedSearch,
  SearchController,
  SearchState,
} from './core/types';
export type { ApiClient } from './core/createApiClient';

// Last, with its import last: the stylesheet's text ends the page script (baseStyles.ts).
// The element defined above starts its page in a later task, with the sheet in place.
import { BASE_STYLES } from './baseStyles';
setBaseStyles(BASE_STYLES);
