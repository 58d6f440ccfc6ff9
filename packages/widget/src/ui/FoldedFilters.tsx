import { useRef, useState } from 'react';
import type { ReactNode } from 'react';

export interface FoldedFiltersProps {
  /** Id of the filter panel (the child) the toggle opens and closes. */
  panelId: string;
  children: ReactNode;
}

/**
 * The filter panel's column. At 767 px and below (styles.css) the panel folds behind
 * the 'Search filters' toggle; Escape inside the open panel closes it and gives focus
 * back to the toggle. Wider, the toggle is hidden and the panel always open.
 */
export function FoldedFilters({ panelId, children }: FoldedFiltersProps) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  return (
    <div
      className="pn-aside"
      data-open={open}
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
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        Search filters
        <span className="pn-filters-toggle__icon" aria-hidden="true" />
      </button>
      {children}
    </div>
  );
}
