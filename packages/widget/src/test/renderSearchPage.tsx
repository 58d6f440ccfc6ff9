import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchPage } from '../SearchPage';
import type { PortalContext } from '../core/types';

/** A portal of site 1/2 in en-US, its API on the page's origin unless `apiBaseUrl` says. */
export function testPortal(apiBaseUrl = ''): PortalContext {
  return {
    apiBaseUrl,
    companyId: '1',
    scopeGroupId: '2',
    languageId: 'en-US',
    backButtonUrl: '/home',
    background: null,
    authToken: null,
  };
}

/**
 * The search page as a component test renders it: no saved search, the URL left alone;
 * `messages` as an operator gives them to the element (the parts' own texts read them).
 * Returns the user-event session to act with.
 */
export function renderSearchPage(portal: PortalContext, messages?: unknown) {
  const user = userEvent.setup();
  render(
    <SearchPage
      portal={portal}
      location={{ filter: null, page: null, savedSearch: null, extraParams: [] }}
      syncUrl={false}
      messages={messages}
    />,
  );
  return user;
}
