import type { SearchCriteria } from '@partners-network/contract';
import { describe, expect, it } from 'vitest';
import { createInitialModel, searchReducer, selectRequestCriteria } from '../searchReducer';
import type { SearchAction, SearchModel } from '../searchReducer';
import { selectAnnouncementFacts, selectSearchState } from '../selectors';
import type { LocationParams, PartnerCard } from '../types';
import { definitions, searchAnswer } from './fixtures';

/** The reducer driven by actions alone: no network, no timers, no window. */
const noParams: LocationParams = { filter: null, page: null, savedSearch: null, extraParams: [] };

function run(model: SearchModel, ...actions: SearchAction[]): SearchModel {
  return actions.reduce(searchReducer, model);
}

function cards(criteria: SearchCriteria, total = 35): PartnerCard[] {
  return searchAnswer(criteria, total).partners.map((partner, index) => ({
    key: String(criteria.offset + index),
    title: partner.title,
    summary: partner.summary,
    imageUrl: null,
    href: null,
    categories: [],
    marks: { title: [], summary: [] },
  }));
}

/** Runs the next request of `kind` and answers it the way the fake API does. */
function answer(model: SearchModel, kind: 'replace' | 'append', total = 35): SearchModel {
  const requested = searchReducer(model, { type: 'request', kind });
  const criteria = selectRequestCriteria(requested, kind);
  return searchReducer(requested, {
    type: 'answer',
    kind,
    criteria,
    response: searchAnswer(criteria, total),
    cards: cards(criteria, total),
  });
}

const started = run(createInitialModel(noParams), {
  type: 'start',
  definitions,
  location: noParams,
});

describe('searchReducer', () => {
  it('starts initializing, then ready with the default global filter', () => {
    const initial = createInitialModel(noParams);
    expect(selectSearchState(initial)).toMatchObject({
      phase: 'initializing',
      loading: false,
      hasError: false,
    });
    expect(selectSearchState(started)).toMatchObject({
      phase: 'ready',
      selectedGlobalFilter: 'technology',
      globalFilters: definitions.globalFilters,
    });
  });

  it('keeps a global filter chosen before start over the URL and the default', () => {
    const chosen = run(
      createInitialModel({ ...noParams, filter: 'all' }),
      { type: 'globalFilter', name: 'services' },
      { type: 'start', definitions, location: { ...noParams, filter: 'all' } },
    );
    expect(chosen.selectedGlobalFilter).toBe('services');
  });

  it('derives loading and loadingMore from the one request running', () => {
    const replacing = searchReducer(started, { type: 'request', kind: 'replace' });
    expect(selectSearchState(replacing)).toMatchObject({ loading: true, loadingMore: false });
    const first = answer(started, 'replace');
    const appending = searchReducer(first, { type: 'request', kind: 'append' });
    expect(selectSearchState(appending)).toMatchObject({ loading: false, loadingMore: true });
    expect(selectSearchState(answer(first, 'append'))).toMatchObject({
      loading: false,
      loadingMore: false,
      lastAddedCount: 10,
    });
  });

  it('asks for a restored list at once, then continues Load More after it', () => {
    const location: LocationParams = {
      ...noParams,
      savedSearch: {
        globalFilter: 'all',
        filterItemIds: [7],
        text: 'x',
        offset: 20,
        resultsPerPage: 10,
      },
    };
    const model = run(createInitialModel(location), { type: 'start', definitions, location });
    expect(selectRequestCriteria(model, 'replace')).toEqual({
      globalFilter: 'all',
      text: 'x',
      filterItemIds: [7],
      offset: 0,
      resultsPerPage: 30,
    });
    const restored = answer(model, 'replace');
    expect(restored.cards).toHaveLength(30);
    expect(selectRequestCriteria(restored, 'append')).toMatchObject({
      offset: 30,
      resultsPerPage: 10,
    });
    // A new list after the restore is a page of 10 again.
    expect(selectRequestCriteria(restored, 'replace')).toMatchObject({
      offset: 0,
      resultsPerPage: 10,
    });
  });

  it('drops the restore size when the visitor changes the search before it runs', () => {
    const location: LocationParams = {
      ...noParams,
      savedSearch: {
        globalFilter: 'all',
        filterItemIds: [],
        text: '',
        offset: 40,
        resultsPerPage: 10,
      },
    };
    const model = run(createInitialModel(location), { type: 'toggle', id: 7 });
    expect(selectRequestCriteria(model, 'replace')).toMatchObject({ resultsPerPage: 10 });
  });

  it('toggles ids in the order they were ticked; reset clears items and text', () => {
    const ticked = run(started, { type: 'toggle', id: 7 }, { type: 'toggle', id: 3 });
    expect(ticked.selectedItemIds).toEqual([7, 3]);
    expect(run(ticked, { type: 'toggle', id: 7 }).selectedItemIds).toEqual([3]);
    const reset = run(ticked, { type: 'text', text: 'cloud' }, { type: 'reset' });
    expect(reset).toMatchObject({ selectedItemIds: [], text: '' });
  });

  it('takes the panel groups from the first answer and after a global filter change only', () => {
    const first = answer(started, 'replace');
    expect(first.filterGroups.map((group) => group.name)).toEqual(['Groups of technology']);
    const ticked = answer(run(first, { type: 'toggle', id: 7 }), 'replace');
    expect(ticked.filterGroups).toBe(first.filterGroups);
    const changed = answer(run(ticked, { type: 'globalFilter', name: 'services' }), 'replace');
    expect(changed.selectedItemIds).toEqual([]);
    expect(changed.filterGroups.map((group) => group.name)).toEqual(['Groups of services']);
  });

  it('takes the counts of every new list, while the panel keeps its groups', () => {
    const first = answer(started, 'replace');
    expect(first.facets?.filterGroups).toBe(first.filterGroups);
    const ticked = answer(run(first, { type: 'toggle', id: 7 }), 'replace');
    // A new answer: its counts, even though the panel's groups stay the first ones.
    expect(ticked.facets).not.toBe(first.facets);
    expect(ticked.facets?.filterGroups).not.toBe(first.facets?.filterGroups);
    expect(ticked.filterGroups).toBe(first.filterGroups);
    // Load More answers the same search: the counts stay those of the list.
    expect(answer(ticked, 'append').facets).toBe(ticked.facets);
  });

  it('makes a new list generation per new list, not per Load More', () => {
    const first = answer(started, 'replace');
    const more = answer(first, 'append');
    const again = answer(run(more, { type: 'toggle', id: 7 }), 'replace');
    expect([first.shown?.generation, more.shown?.generation, again.shown?.generation]).toEqual([
      1, 1, 2,
    ]);
    expect([first.shown?.eagerCount, more.shown?.eagerCount]).toEqual([10, 10]);
    expect(more.cards).toHaveLength(20);
  });

  it('holds the live region facts while a new search is on its way', () => {
    const first = answer(started, 'replace');
    const facts = selectAnnouncementFacts(first);
    expect(facts).toEqual({
      loaded: 10,
      total: 35,
      addedCount: 0,
      globalFilterLabel: 'Technology',
      itemNames: [],
      text: '',
    });
    const pending = run(
      first,
      { type: 'text', text: 'cloud' },
      { type: 'request', kind: 'replace' },
    );
    expect(selectAnnouncementFacts(pending)).toEqual(facts);
  });

  it('keeps hasError exactly when the message is non-empty, whatever the actions', () => {
    const actions: SearchAction[] = [
      { type: 'error', message: 'broken' },
      { type: 'fail', message: 'the search failed' },
      { type: 'request', kind: 'replace' },
      { type: 'error', message: '' },
      { type: 'loading', loading: true },
      { type: 'fail', message: 'again' },
      { type: 'loading', loading: false },
    ];
    let model = started;
    for (const action of actions) {
      model = searchReducer(model, action);
      const state = selectSearchState(model);
      expect(state.hasError).toBe(state.errorMessage !== '');
      expect(state.phase === 'error').toBe(state.hasError);
    }
    // A later answer clears the error.
    expect(selectSearchState(answer(model, 'replace'))).toMatchObject({
      phase: 'ready',
      hasError: false,
      errorMessage: '',
    });
  });

  it('is pure: it never changes the model it is given', () => {
    const frozen = structuredClone(started);
    answer(
      run(started, { type: 'toggle', id: 7 }, { type: 'globalFilter', name: 'all' }),
      'replace',
    );
    expect(started).toEqual(frozen);
  });
});
