/**
 * The one place the page's defaults are resolved: the portal context (the host's
 * `context` over window.Liferay / partnersNetworkSettings), the location (the URL) and
 * the API client. mount() resolves them early to send the first request before React
 * renders, the hook resolves what it was not given; a value given is kept as it is.
 */
import { createApiClient } from './createApiClient';
import type { ApiClient } from './createApiClient';
import { readLocationParams } from './locationParams';
import { readPortalContext } from './readPortalContext';
import type { LocationParams, PortalContext } from './types';

export interface SearchSetupOptions {
  /** Values that win over what the portal page says (the custom element's attributes). */
  context?: Partial<PortalContext>;
  /** A complete context: the window is not read at all. */
  portal?: PortalContext;
  location?: LocationParams;
  api?: ApiClient;
  fetch?: typeof fetch;
}

export interface SearchSetup {
  portal: PortalContext;
  location: LocationParams;
  api: ApiClient;
}

export function resolveSearchSetup(options: SearchSetupOptions, win: Window = window): SearchSetup {
  const portal = options.portal ?? readPortalContext(options.context, win);
  return {
    portal,
    location: options.location ?? readLocationParams(win.location),
    api: options.api ?? createApiClient({ portal, fetch: options.fetch, win }),
  };
}
