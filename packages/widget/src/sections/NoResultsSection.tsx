/**
 * The no-results panel wired to the steps back of the answer: a chunk of its own with
 * what only it needs (choosing the steps), loaded when a search first finds nothing.
 */
import { selectWaysOut } from '../core/selectWaysOut';
import type { SearchController, SearchState } from '../core/types';
import { NoResultsPanel } from '../ui/NoResultsPanel';

export { styles } from '../ui/NoResultsPanel';

export interface NoResultsSectionProps {
  state: Pick<SearchState, 'facets' | 'filterGroups' | 'cards'>;
  actions: Pick<SearchController, 'resetAll' | 'searchInstead'>;
  /** After RESET ALL (`reset`) or a step back: the page empties its field or focuses it. */
  onDone: (reset?: boolean) => void;
  /** The portal's language tag: a wider radius in its unit ("Within 250 km"). */
  locale?: string;
}

/** Like RESET ALL, a step back takes the panel away with the new list. */
export function NoResultsSection({ state, actions, onDone, locale }: NoResultsSectionProps) {
  const waysOut = selectWaysOut(state, locale);
  return (
    <NoResultsPanel
      onResetAll={() => {
        actions.resetAll();
        onDone(true);
      }}
      waysOut={waysOut}
      onWayOut={(index) => {
        const way = waysOut[index];
        if (!way) return;
        actions.searchInstead(way.text, way.filterItemIds, way.radiusKm);
        onDone();
      }}
    />
  );
}
