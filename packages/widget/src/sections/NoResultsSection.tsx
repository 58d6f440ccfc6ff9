/**
 * The no-results panel wired to the steps back of the answer: a chunk of its own with
 * what only it needs (choosing the steps), loaded when a search first finds nothing.
 */
import { selectWaysOut } from '../core/selectWaysOut';
import type { WayOut } from '../core/selectWaysOut';
import type { SearchState } from '../core/types';
import { NoResultsPanel } from '../ui/NoResultsPanel';

export { styles } from '../ui/NoResultsPanel';

export interface NoResultsSectionProps {
  state: Pick<SearchState, 'facets' | 'filterGroups' | 'cards'>;
  onResetAll: () => void;
  /** Runs the search of a step back. */
  onWayOut: (way: WayOut) => void;
  /** The portal's language tag: a wider radius in its unit ("Within 250 km"). */
  locale?: string;
}

export function NoResultsSection({ state, onResetAll, onWayOut, locale }: NoResultsSectionProps) {
  const waysOut = selectWaysOut(state, locale);
  return (
    <NoResultsPanel
      onResetAll={onResetAll}
      waysOut={waysOut}
      onWayOut={(index) => {
        const way = waysOut[index];
        if (way) onWayOut(way);
      }}
    />
  );
}
