/**
 * The search page's one hook: a thin adapter of core/createSearchController. The
 * controller is made once per mount, started in an effect and disposed on unmount.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createSearchController } from '../core/createSearchController';
import { prepareFormatCount } from '../core/formatCount';
import type { SearchControllerOptions } from '../core/createSearchController';
import { backButtonHref, readLocationParams } from '../core/locationParams';
import { readPortalContext } from '../core/readPortalContext';
import { selectCanLoadMore, selectCountText } from '../core/selectors';
import { DEFAULT_LOCALE } from '../core/types';
import type { PortalContext, SearchController, SearchState } from '../core/types';

export type SearchActions = Pick<
  SearchController,
  'submitText' | 'selectGlobalFilter' | 'toggleFilterItem' | 'loadMore' | 'resetAll'
>;

/** Every option of the controller, all optional here: defaults read the page. */
export type UseSearchControllerOptions = Partial<Omit<SearchControllerOptions, 'win'>>;

export interface UseSearchControllerResult {
  state: SearchState;
  /** The host's context in use (background picture, back button address, ...). */
  portal: PortalContext;
  /** 'Back to home page' address: backButtonUrl with the `page` parameter appended. */
  backHref: string;
  /** Load More button visible (SPEC 5). */
  canLoadMore: boolean;
  /** 'Showing {loaded} of {total} partners' in the portal's locale. */
  countText: string;
  /** Stable for the whole mount: safe in dependency lists and memoised props. */
  actions: SearchActions;
}

/**
 * Options are read on the first render only. `portal` defaults to
 * readPortalContext(), `location` to readLocationParams(window.location).
 */
export function useSearchController(
  options: UseSearchControllerOptions = {},
): UseSearchControllerResult {
  const [{ controller, portal, backHref, locale }] = useState(() => {
    const portal = options.portal ?? readPortalContext();
    const location = options.location ?? readLocationParams(window.location);
    return {
      controller: createSearchController({ ...options, portal, location }),
      portal,
      backHref: backButtonHref(portal.backButtonUrl, location.page),
      locale: portal.languageId || DEFAULT_LOCALE,
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

  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const actions = useMemo<SearchActions>(
    () => ({
      submitText: controller.submitText,
      selectGlobalFilter: controller.selectGlobalFilter,
      toggleFilterItem: controller.toggleFilterItem,
      loadMore: controller.loadMore,
      resetAll: controller.resetAll,
    }),
    [controller],
  );
  return {
    state,
    portal,
    backHref,
    canLoadMore: selectCanLoadMore(state),
    countText: selectCountText(state, locale),
    actions,
  };
}
