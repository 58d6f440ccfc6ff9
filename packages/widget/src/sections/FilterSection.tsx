/**
 * The filter panel wired to the answer's counts: a chunk of its own with what only it
 * needs (the count lookups), so none of it is in the bytes of the first card.
 */
import { memo, useMemo } from 'react';
import { selectGlobalFilterCounts, selectItemCounts } from '../core/selectCounts';
import type { AnswerFacets } from '../core/types';
import { FilterPanel } from '../ui/FilterPanel';
import type { FilterPanelProps } from '../ui/FilterPanel';

export { styles } from '../ui/FilterPanel';

export interface FilterSectionProps extends Omit<
  FilterPanelProps,
  'itemCounts' | 'globalFilterCounts'
> {
  /** The counts of the list shown (SearchState.facets). */
  facets: AnswerFacets | null;
}

export const FilterSection = memo(function FilterSection({ facets, ...panel }: FilterSectionProps) {
  const itemCounts = useMemo(() => selectItemCounts(facets), [facets]);
  const globalFilterCounts = useMemo(() => selectGlobalFilterCounts(facets), [facets]);
  return <FilterPanel {...panel} itemCounts={itemCounts} globalFilterCounts={globalFilterCounts} />;
});
