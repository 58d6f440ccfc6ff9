export interface ResultsCountProps {
  /** 'Showing {loaded} of {total} partners', already in the locale's number format. */
  text: string;
}

/** Always rendered: a live region must exist before its text changes to be announced. */
export function ResultsCount({ text }: ResultsCountProps) {
  return (
    <p className="pn-count" part="results-count" role="status" aria-live="polite">
      {text}
    </p>
  );
}
