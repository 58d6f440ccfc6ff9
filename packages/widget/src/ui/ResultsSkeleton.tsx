export interface ResultsSkeletonProps {
  /** Placeholder cards (SPEC 9: SKELETON_CARDS). */
  count: number;
}

export function ResultsSkeleton({ count }: ResultsSkeletonProps) {
  return (
    <ul className="pn-grid pn-skeleton" aria-hidden="true" data-testid="results-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="pn-grid__cell">
          <div className="pn-card pn-skeleton__card">
            <div className="pn-card__media pn-skeleton__block" />
            <div className="pn-card__body">
              <div className="pn-skeleton__line pn-skeleton__line--short" />
              <div className="pn-skeleton__line pn-skeleton__line--title" />
              <div className="pn-skeleton__line" />
              <div className="pn-skeleton__line" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
