import { render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PartnersNetworkSearch } from '../PartnersNetworkSearch';
import { EMPTY_FILTER_DEFINITIONS, EMPTY_SEARCH_RESPONSE } from '../test/emptyDirectory';

const locales: (string | null)[] = [];
const server = setupServer(
  http.get('*/o/preferred-partners/v1/7/8/filter-groups', () =>
    HttpResponse.json(EMPTY_FILTER_DEFINITIONS),
  ),
  http.post('*/o/preferred-partners/v1/7/8/search', ({ request }) => {
    locales.push(new URL(request.url).searchParams.get('locale'));
    return HttpResponse.json(EMPTY_SEARCH_RESPONSE);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  locales.length = 0;
});
afterAll(() => server.close());

const context = { companyId: '7', scopeGroupId: '8', backButtonUrl: '/', background: null };

describe('<PartnersNetworkSearch>', () => {
  it('renders the page in a shadow root of its own and follows a new context', async () => {
    const { container, rerender } = render(
      <PartnersNetworkSearch className="partners" syncUrl={false} context={context} />,
    );
    const host = container.querySelector('div.partners');
    const shadow = host?.shadowRoot;
    if (!shadow) throw new Error('no shadow root');
    await waitFor(() => expect(shadow.querySelector('h1')).toHaveTextContent('Partners Network'));
    // The page is inside the shadow root, not in the host's light DOM.
    expect(container.querySelector('h1')).toBeNull();
    await waitFor(() => expect(locales).toEqual(['en-US']));

    rerender(
      <PartnersNetworkSearch
        className="partners"
        syncUrl={false}
        context={{ ...context, languageId: 'de-DE' }}
      />,
    );
    await waitFor(() => expect(locales).toEqual(['en-US', 'de-DE']));
    expect(shadow.querySelectorAll('.pn-root')).toHaveLength(1);
  });
});
