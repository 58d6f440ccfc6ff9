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
  /**
   * Each item's count in the answer shown, by id: how many partners the list would
   * hold with that item the only one ticked in its group. An item without one shows none.
   */
  itemCounts?: ReadonlyMap<number, { count?: number }>;
  /** Each global filter's count of partners matching the text, by name. */
  globalFilterCounts?: ReadonlyMap<string, { count: number }>;
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
  itemCounts,
  globalFilterCounts,
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
            render={(folded) =>
              globalFilters.map(
                (filter, index) =>
                  (!folded ||
                    index < visibleGlobalFilters ||
                    filter.name === selectedGlobalFilter) && (
                    <li key={filter.name}>
                      <Choice count={globalFilterCounts?.get(filter.name)?.count}>
                        <input
                          type="radio"
                          name={`${ids}-global`}
                          value={filter.name}
                          checked={filter.name === selectedGlobalFilter}
                          onChange={() => onSelectGlobalFilter(filter.name)}
                        />
                        <span>{filter.label}</span>
                      </Choice>
                    </li>
                  ),
              )
            }
          />
        )}
        {groups.map((group) => {
          const lastSelected = group.filterItems.findLastIndex((item) => selected.has(item.id));
          return (
            <ExpandableGroup
              key={group.name}
              legend={group.name}
              count={group.filterItems.length}
              visible={visibleItems}
              startExpanded={lastSelected >= visibleItems}
              // Folded, a ticked item beyond the visible ones still shows: what is
              // ticked is never hidden. An item that would give nothing keeps its place.
              render={(folded) =>
                group.filterItems.map(
                  (item, index) =>
                    (!folded || index < visibleItems || selected.has(item.id)) && (
                      <li key={item.id}>
                        <Choice count={itemCounts?.get(item.id)?.count}>
                          <input
                            type="checkbox"
                            value={item.id}
                            checked={selected.has(item.id)}
                            onChange={() => onToggleItem(item.id)}
                          />
                          <span>{item.name}</span>
                        </Choice>
                      </li>
                    ),
                )
              }
            />
          );
        })}
      </section>
    </div>
  );
});

/**
 * A radio button or checkbox with its label and, once an answer has counts, how many
 * partners it leads to: the number on screen, the words for screen readers (in the
 * accessible name). An item that leads to none says so and is shown dimmed.
 */
function Choice({ count, children }: { count: number | undefined; children: ReactNode }) {
  const t = useMessages();
  return (
    <label className="pn-choice" data-empty={count === 0 || undefined}>
      {children}
      {count !== undefined && (
        <>
          <span className="pn-choice__count" aria-hidden="true">
            {t('choiceCount', { count })}
          </span>
          <span className="pn-sr-only">
            {/* A separator, not a space: accessible names drop spaces at an element's edge. */}
            {t('listSeparator')}
            {t('partnerCount', { count }, count)}
          </span>
        </>
      )}
    </label>
  );
}

interface ExpandableGroupProps {
  legend: string;
  count: number;
  visible: number;
  /** True when a selected item sits beyond the visible ones. */
  startExpanded: boolean;
  /** The items; `folded`: only the first `visible` (and any ticked one) are to show. */
  render: (folded: boolean) => ReactNode;
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
      <ul id={listId}>{render(foldable && !expanded)}</ul>
      {foldable && (
        <button
          type="button"
          className="pn-link-button"
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
