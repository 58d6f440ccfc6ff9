import { setBaseStyles } from './adoptStyles';
import { BASE_STYLES } from './baseStyles';

// The pages it renders (mount, PartnersNetworkSearch) take their sheet from adoptStyles.ts.
setBaseStyles(BASE_STYLES);

export { mount } from './mount';
export { partnersNetworkStyles } from './allStyles';
export type { MountOptions } from './mount';
export { PartnersNetworkSearch } from './PartnersNetworkSearch';
export type { PartnersNetworkSearchProps } from './PartnersNetworkSearch';
export { SearchPage } from './SearchPage';
export type { SearchPageProps } from './SearchPage';
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
