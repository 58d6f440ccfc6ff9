export interface LoadMoreButtonProps {
  loaded: number;
  total: number;
  loading: boolean;
  onLoadMore: () => void;
}

/** SPEC: shown only while 0 < loaded < total. */
export function canLoadMore(loaded: number, total: number): boolean {
  return loaded > 0 && loaded < total;
}

export function LoadMoreButton({ loaded, total, loading, onLoadMore }: LoadMoreButtonProps) {
  if (!canLoadMore(loaded, total)) return null;
  return (
    <div className="pn-load-more">
      <button
        type="button"
        className="pn-button pn-button--secondary"
        part="button load-more-button"
        // aria-disabled keeps focus on the button while the next page loads.
        aria-disabled={loading || undefined}
        onClick={() => {
          if (!loading) onLoadMore();
        }}
      >
        Load More Partners
      </button>
    </div>
  );
}
