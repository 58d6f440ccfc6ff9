/**
 * The error panel is in the page script and only its sheet is a chunk: when the network
 * has gone, the sheet cannot come, and the panel must still replace the page (plainer).
 * Nor can the console texts' chunk (core/logTexts.ts), whose words are also the error
 * state's message: the message is then the texts' codes and data, never empty, and the
 * console still gets the line with the error itself.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchPage } from '../SearchPage';
import { EMPTY_FILTER_DEFINITIONS } from '../test/emptyDirectory';

// What a dynamic import does when the network is gone: it rejects.
vi.mock('../ui/panelStyles', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});
vi.mock('../core/logTexts', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const server = setupServer(
  http.get('*/filter-groups', () => HttpResponse.json(EMPTY_FILTER_DEFINITIONS)),
  http.post('*/search', () => HttpResponse.error()),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('the error panel without its sheet', () => {
  it('still replaces the page, with its heading focused and its way home', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onNavigateHome = vi.fn();
    render(
      <SearchPage
        portal={{
          apiBaseUrl: '',
          companyId: '1',
          scopeGroupId: '2',
          languageId: 'en-US',
          backButtonUrl: '/',
          background: null,
          authToken: null,
        }}
        location={{ filter: null, page: null, savedSearch: null, extraParams: [] }}
        syncUrl={false}
        onNavigateHome={onNavigateHome}
      />,
    );
    // The two failed chunk imports (the panel's sheet, the texts) go through the test
    // runner's module loader, slow on a loaded machine: more than findBy's default second.
    const heading = await screen.findByRole(
      'heading',
      { name: 'Something went wrong.' },
      { timeout: 5000 },
    );
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('search')).toBeNull();
    expect(error).toHaveBeenCalledExactlyOnceWith(
      expect.stringMatching(/^Partners Network: text \[34,"text \[1,.*\(core\/logTexts\.ts\)$/),
      expect.objectContaining({ name: 'ApiError', kind: 'network' }),
    );
    screen.getByRole('button', { name: 'Go to the home page' }).click();
    expect(onNavigateHome).toHaveBeenCalledTimes(1);
  });
});
