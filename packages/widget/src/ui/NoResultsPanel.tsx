export interface NoResultsPanelProps {
  onResetAll: () => void;
}

export function NoResultsPanel({ onResetAll }: NoResultsPanelProps) {
  return (
    <div className="pn-panel pn-no-results" part="no-results-panel">
      <h2 className="pn-panel__title">No partners found</h2>
      <p className="pn-panel__text">
        No results found. Try different keywords or remove search filters.
      </p>
      <button
        type="button"
        className="pn-button pn-button--primary"
        part="button reset-button"
        onClick={onResetAll}
      >
        RESET ALL
      </button>
    </div>
  );
}
