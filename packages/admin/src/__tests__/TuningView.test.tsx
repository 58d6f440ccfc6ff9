/** The Tuning view: the draft in the preview, the contract's messages, what it saves. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { siteTuningSchema, tuningPath, tuningPreviewPath } from '@partners-network/contract';
import { MAIN, partner, requestsTo, serveFakeAdminApi } from '../test/fakeAdminApi';
import { renderSignedIn } from '../test/renderSignedIn';

const fake = serveFakeAdminApi(4);
const TUNING = '#/sites/20097/20121/tuning';

const putBodies = (): unknown[] =>
  requestsTo(fake.api, 'PUT', tuningPath(MAIN)).map((request): unknown => JSON.parse(request.body));

const previewTitles = () =>
  within(screen.getByRole('list', { name: 'Preview results' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);

/** The titles of the preview's cards that say they are pinned. */
const pinnedTitles = () =>
  within(screen.getByRole('list', { name: 'Preview results' }))
    .getAllByRole('listitem')
    .filter((card) => within(card).queryByText('Pinned') !== null)
    .map((card) => within(card).getByRole('heading').textContent);

describe('the Tuning view', () => {
  it('shows the saved tuning, pinned partners by title, and previews a search', async () => {
    fake.api.tuning = {
      synonymSets: [{ kind: 'equivalent', phrases: ['cloud', 'nuage'] }],
      queryRules: [{ query: 'partner', pinned: ['partner-3'], hidden: ['gone-partner'] }],
    };
    const user = await renderSignedIn(TUNING);
    // The view's heading takes focus in an effect after it shows: wait for it, not only for it.
    const title = await screen.findByRole('heading', { level: 1, name: 'Tuning' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Tuning' })).toHaveAttribute('aria-current', 'page');
    expect(
      screen.getByRole('textbox', { name: 'Words that mean the same (required)' }),
    ).toHaveValue('cloud, nuage');
    const rule = screen.getByRole('group', { name: 'Rule for “partner”' });
    expect(await within(rule).findByText('Partner 03')).toBeInTheDocument();
    expect(await within(rule).findByText('gone-partner (no such partner now)')).toBeInTheDocument();

    await user.click(within(rule).getByRole('button', { name: 'Preview “partner”' }));
    expect(screen.getByRole('heading', { name: 'Preview' })).toHaveFocus();
    expect(screen.getByRole('searchbox', { name: 'Search text' })).toHaveValue('partner');
    await waitFor(() => expect(previewTitles()[0]).toBe('Partner 03'));
    expect(previewTitles()).toEqual(['Partner 03', 'Partner 01', 'Partner 02', 'Partner 04']);
    expect(pinnedTitles()).toEqual(['Partner 03']);
  });

  it('finds partners for a search that found nothing once a one-way synonym is added, and saves it', async () => {
    fake.api.partners.push(partner('cloud-native-labs', 'Cloud Native Labs', 50));
    const user = await renderSignedIn(TUNING);
    await user.type(await screen.findByRole('searchbox', { name: 'Search text' }), 'kubernetes');
    expect(await screen.findByText('No partner found for “kubernetes”.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a one-way set' }));
    await user.type(screen.getByRole('textbox', { name: 'A search for (required)' }), 'kubernetes');
    await user.type(screen.getByRole('textbox', { name: 'also finds (required)' }), 'cloud native');
    expect(await screen.findByText('1 partner found for “kubernetes”')).toBeInTheDocument();
    expect(previewTitles()).toEqual(['Cloud Native Labs']);
    // The preview sent the draft, not the saved tuning.
    const preview = requestsTo(fake.api, 'POST', tuningPreviewPath(MAIN)).at(-1);
    expect(preview?.url.searchParams.get('locale')).toBe('en-US');
    expect(putBodies()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save the tuning' }));
    await waitFor(() =>
      expect(putBodies()).toEqual([
        {
          synonymSets: [{ kind: 'oneWay', from: 'kubernetes', to: ['cloud native'] }],
          queryRules: [],
        },
      ]),
    );
    expect(
      await screen.findByText('Saved the tuning: it is live on the public page.'),
    ).toBeInTheDocument();
  });

  it("refuses a draft the API would refuse, with the contract's messages, and sends nothing", async () => {
    const user = await renderSignedIn(TUNING);
    await user.click(await screen.findByRole('button', { name: 'Add equivalent words' }));
    const words = screen.getByRole('textbox', { name: 'Words that mean the same (required)' });
    await user.type(words, 'cloud');
    await user.click(screen.getByRole('button', { name: 'Add a rule' }));
    await user.type(screen.getByRole('textbox', { name: 'Search (required)' }), 'k8s/cloud');
    await user.click(screen.getByRole('button', { name: 'Save the tuning' }));

    const summary = screen.getByRole('heading', { name: 'There are 2 problems' }).parentElement;
    await waitFor(() => expect(summary).toHaveFocus());
    const phraseMessage = siteTuningSchema.safeParse({
      synonymSets: [],
      queryRules: [{ query: 'k8s/cloud', pinned: [], hidden: [] }],
    }).error?.issues[0]?.message;
    expect(phraseMessage).toBe(
      'a phrase is letters or digits, with spaces, hyphens or apostrophes',
    );
    expect(
      within(summary ?? document.body)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Synonym set 1: a synonym set needs at least two words, separated by commas',
      `Rule for “k8s/cloud”: ${phraseMessage}`,
    ]);
    expect(words).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('Fix the problems listed above to see the preview.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: `Rule for “k8s/cloud”: ${phraseMessage}` }));
    expect(screen.getByRole('textbox', { name: 'Search (required)' })).toHaveFocus();
    expect(putBodies()).toEqual([]);
  });

  it('pins partners in the order chosen, hides one, and saves the rule', async () => {
    const user = await renderSignedIn(TUNING);
    await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
    // The new rule's first field has the focus.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Search (required)' })).toHaveFocus(),
    );
    await user.keyboard('partner');
    const find = screen.getByRole('searchbox', { name: 'Find a partner to pin or hide' });
    await user.type(find, 'partner');
    // The picker asks the server after a pause: more than findBy's second on a loaded machine.
    const pin = await screen.findByRole('button', { name: 'Pin Partner 03' }, { timeout: 5000 });
    await user.click(pin);
    await user.click(screen.getByRole('button', { name: 'Pin Partner 04' }));
    await user.click(screen.getByRole('button', { name: 'Hide Partner 01' }));
    await user.click(screen.getByRole('button', { name: 'Move Partner 04 up' }));
    // At the top, the button keeps the focus and says it does nothing.
    const up = screen.getByRole('button', { name: 'Move Partner 04 up' });
    expect(up).toHaveFocus();
    expect(up).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Pin Partner 03' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Pressed again, a toggle takes the partner out of its list.
    await user.click(screen.getByRole('button', { name: 'Hide Partner 02' }));
    await user.click(screen.getByRole('button', { name: 'Hide Partner 02' }));
    expect(screen.getByRole('button', { name: 'Hide Partner 02' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await user.click(screen.getByRole('button', { name: 'Preview “partner”' }));
    await waitFor(() =>
      expect(previewTitles()).toEqual(['Partner 04', 'Partner 03', 'Partner 02']),
    );
    expect(pinnedTitles()).toEqual(['Partner 04', 'Partner 03']);
    await user.click(screen.getByRole('button', { name: 'Save the tuning' }));
    await waitFor(() =>
      expect(putBodies()).toEqual([
        {
          synonymSets: [],
          queryRules: [
            { query: 'partner', pinned: ['partner-4', 'partner-3'], hidden: ['partner-1'] },
          ],
        },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Show again Partner 01' }));
    expect(find).toHaveFocus();
    expect(screen.getByText('Changes not saved yet.')).toBeInTheDocument();
  });
});
