export { mount, partnersNetworkStyles } from './mount';
export type { MountOptions } from './mount';
export { SearchPage, SearchPage as PartnersNetworkSearch } from './SearchPage';
export type { SearchPageProps } from './SearchPage';
export { definePartnersNetworkSearch, ELEMENT_NAME } from './element';
export type {
  PartnerCard,
  PagePhase,
  Picture,
  PortalContext,
  SearchController,
  SearchState,
} from './core/types';
