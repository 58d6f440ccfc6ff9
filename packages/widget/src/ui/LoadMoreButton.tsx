import { useMessages } from './MessagesContext';

export interface LoadMoreButtonProps {
  /** SPEC 5: true only while 0 < loaded < totalFound (core's selectCanLoadMore). */
  canLoadMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

export function LoadMoreButton({ canLoadMore, loading, onLoadMore }: LoadMoreButtonProps) {
  const t = useMessages();
  if (!canLoadMore) return null;
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
        {t('loadMore')}
      </button>
    </div>
  );
}
