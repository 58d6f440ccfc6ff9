/**
 * The search page's one hook: a thin adapter of core/createSearchController. The
 * controller is made once per mount, started in an effect and disposed on unmount;
 * what the page shows is read through core's selectors.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createSearchController } from '../core/createSearchController';
import type {
  SearchControllerOptions,
  SearchControllerWithModel,
} from '../core/createSearchController';
import { prepareFormatCount } from '../core/formatCount';
import { backButtonHref } from '../core/locationParams';
import { resolveSearchSetup } from '../core/resolveSearchSetup';
import type { SearchSetupOptions } from '../core/resolveSearchSetup';
import type { ShownList } from '../core/searchReducer';
import { selectAnnouncementFacts, selectCanLoadMore, selectSearchState } from '../core/selectors';
import type { AnnouncementFacts } from '../core/selectors';
import { DEFAULT_LOCALE } from '../core/types';
import type { PortalContext, SearchController, SearchState } from '../core/types';

export type SearchActions = Pick<
  SearchController,
  | 'submitText'
  | 'selectGlobalFilter'
  | 'toggleFilterItem'
  | 'loadMore'
  | 'resetAll'
  | 'searchInstead'
  | 'locate'
  | 'openCard'
>;

/** Every option of the controller, all optional here: defaults read the page (resolveSearchSetup). */
export type UseSearchControllerOptions = Partial<Omit<SearchControllerOptions, 'win'>> &
  SearchSetupOptions & {
    /**
     * A controller made (and usually started) before React rendered: mount() starts the
     * first requests at once, not in an effect after the first commit. Used as it is;
     * the hook disposes it on unmount.
     */
    controller?: SearchControllerWithModel;
  };

export interface UseSearchControllerResult {
  state: SearchState;
  /** The host's context in use (background picture, back button address, ...). */
  portal: PortalContext;
  /** 'Back to home page' address: backButtonUrl with the `page` parameter appended. */
  backHref: string;
  /** Load More button visible (SPEC 5). */
  canLoadMore: boolean;
  /** What the live region speaks about (count, filters, text): the last settled answer. */
  announcement: AnnouncementFacts | null;
  /** The list shown: its generation (a key) and how many cards came with it. */
  list: ShownList | null;
  /** Stable for the whole mount: safe in dependency lists and memoised props. */
  actions: SearchActions;
}

/** Options are read on the first render only. */
export function useSearchController(
  options: UseSearchControllerOptions = {},
): UseSearchControllerResult {
  const [{ controller, portal, backHref, locale }] = useState(() => {
    const setup = resolveSearchSetup(options);
    return {
      controller: options.controller ?? createSearchController({ ...options, ...setup }),
      portal: setup.portal,
      backHref: backButtonHref(setup.portal.backButtonUrl, setup.location.page),
      locale: setup.portal.languageId || DEFAULT_LOCALE,
    };
  });

  // StrictMode runs effects twice (mount, unmount, mount) in one go: the dispose is
  // put off to a microtask and skipped when the effect came back meanwhile, so the
  // controller starts once (one request) and is still disposed on a real unmount.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    void controller.start();
    // The count's formatter is built while the first answers are on their way, not when
    // the first cards render.
    setTimeout(() => prepareFormatCount(locale));
    return () => {
      mounted.current = false;
      queueMicrotask(() => {
        if (!mounted.current) controller.dispose();
      });
    };
  }, [controller, locale]);

  const model = useSyncExternalStore(controller.subscribe, controller.getModel);
  // The controller itself, seen through its actions: made once per mount, so stable, and
  // its methods need no `this`.
  const actions: SearchActions = controller;
  // From the model React renders (getState() could already be a newer one).
  const state = useMemo(() => selectSearchState(model), [model]);
  return {
    state,
    portal,
    backHref,
    canLoadMore: selectCanLoadMore(model),
    announcement: selectAnnouncementFacts(model),
    list: model.shown,
    actions,
  };
}
