import { memo, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useMessages } from './MessagesContext';

export interface FilterOption {
  name: string;
  label: string;
}

export interface FilterItemOption {
  id: number;
  name: string;
}

export interface FilterGroupOption {
  name: string;
  filterItems: readonly FilterItemOption[];
}

export interface FilterPanelProps {
  globalFilters: readonly FilterOption[];
  selectedGlobalFilter: string | null;
  groups: readonly FilterGroupOption[];
  selectedItemIds: readonly number[];
  onSelectGlobalFilter: (name: string) => void;
  onToggleItem: (id: number) => void;
  /** Items shown per group before 'View More' (SPEC 9: VISIBLE_FILTER_ITEMS). */
  visibleItems: number;
  /** Global filters shown before 'View More' (SPEC 9: VISIBLE_GLOBAL_FILTERS). */
  visibleGlobalFilters: number;
  /** Legend of the global filter radio group; default: the `partnerType` message. */
  globalFilterLegend?: string;
}

// Memoised: a Load More or a busy state leaves the filters as they are.
export const FilterPanel = memo(function FilterPanel({
  globalFilters,
  selectedGlobalFilter,
  groups,
  selectedItemIds,
  onSelectGlobalFilter,
  onToggleItem,
  visibleItems,
  visibleGlobalFilters,
  globalFilterLegend,
}: FilterPanelProps) {
  const ids = useId();
  const t = useMessages();
  // Folded behind the toggle at 767 px and below (styles.css); wider, always open.
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const selected = new Set(selectedItemIds);
  const selectedGlobalIndex = globalFilters.findIndex((f) => f.name === selectedGlobalFilter);

  return (
    <div
      className="pn-aside"
      data-open={open}
      // Escape inside the open folded panel closes it and gives focus back to the toggle.
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        toggleRef.current?.focus();
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className="pn-button pn-button--secondary pn-filters-toggle"
        part="button filters-toggle"
        aria-expanded={open}
        aria-controls={`${ids}-panel`}
        onClick={() => setOpen(!open)}
      >
        {t('searchFilters')}
        <span className="pn-filters-toggle__icon" aria-hidden="true" />
      </button>
      <section
        className="pn-filters"
        part="filter-panel"
        id={`${ids}-panel`}
        aria-labelledby={`${ids}-title`}
      >
        <h2 className="pn-filters__title" id={`${ids}-title`}>
          {t('searchFilters')}
        </h2>
        {globalFilters.length > 0 && (
          <ExpandableGroup
            // A new list of filters is a new group: forget the old View More choice.
            key={globalFilters.map((f) => f.name).join('\n')}
            legend={globalFilterLegend ?? t('partnerType')}
            count={globalFilters.length}
            visible={visibleGlobalFilters}
            startExpanded={selectedGlobalIndex >= visibleGlobalFilters}
            render={(shown) =>
              globalFilters.slice(0, shown).map((filter) => (
                <li key={filter.name} className="pn-filters__item">
                  <label className="pn-choice">
                    <input
                      type="radio"
                      name={`${ids}-global`}
                      value={filter.name}
                      checked={filter.name === selectedGlobalFilter}
                      onChange={() => onSelectGlobalFilter(filter.name)}
                    />
                    <span>{filter.label}</span>
                  </label>
                </li>
              ))
            }
          />
        )}
        {groups.map((group) => {
          const lastSelected = findLastIndex(group.filterItems, (item) => selected.has(item.id));
          return (
            <ExpandableGroup
              key={group.name}
              legend={group.name}
              count={group.filterItems.length}
              visible={visibleItems}
              startExpanded={lastSelected >= visibleItems}
              render={(shown) =>
                group.filterItems.slice(0, shown).map((item) => (
                  <li key={item.id} className="pn-filters__item">
                    <label className="pn-choice">
                      <input
                        type="checkbox"
                        value={item.id}
                        checked={selected.has(item.id)}
                        onChange={() => onToggleItem(item.id)}
                      />
                      <span>{item.name}</span>
                    </label>
                  </li>
                ))
              }
            />
          );
        })}
      </section>
    </div>
  );
});

function findLastIndex<T>(list: readonly T[], test: (item: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) {
    const item = list[i];
    if (item !== undefined && test(item)) return i;
  }
  return -1;
}

interface ExpandableGroupProps {
  legend: string;
  count: number;
  visible: number;
  /** True when a selected item sits beyond the visible ones. */
  startExpanded: boolean;
  render: (shown: number) => ReactNode;
}

function ExpandableGroup({ legend, count, visible, startExpanded, render }: ExpandableGroupProps) {
  // null until the visitor clicks: until then a selection beyond the fold keeps it open.
  const [choice, setChoice] = useState<boolean | null>(null);
  const listId = useId();
  const t = useMessages();
  const foldable = count > visible;
  const expanded = foldable && (choice ?? startExpanded);

  return (
    <fieldset className="pn-filters__group">
      <legend className="pn-filters__legend">{legend}</legend>
      <ul className="pn-filters__list" id={listId}>
        {render(expanded || !foldable ? count : visible)}
      </ul>
      {foldable && (
        <button
          type="button"
          className="pn-link-button pn-filters__more"
          part="button view-more-button"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-label={t(expanded ? 'viewLessGroup' : 'viewMoreGroup', { group: legend })}
          onClick={() => setChoice(!expanded)}
        >
          {t(expanded ? 'viewLess' : 'viewMore')}
        </button>
      )}
    </fieldset>
  );
}
