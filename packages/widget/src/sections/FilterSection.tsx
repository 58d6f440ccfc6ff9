/**
 * The filter panel wired to the answer's counts (the count lookups are only its own).
 */
import { memo, useMemo } from 'react';
import { selectGlobalFilterCounts, selectItemCounts } from '../core/selectCounts';
import type { AnswerFacets } from '../core/types';
import { FilterPanel } from '../ui/FilterPanel';
import type { FilterPanelProps } from '../ui/FilterPanel';

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
