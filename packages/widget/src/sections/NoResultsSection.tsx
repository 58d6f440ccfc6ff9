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
}

export function NoResultsSection({ state, onResetAll, onWayOut }: NoResultsSectionProps) {
  const waysOut = selectWaysOut(state);
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
