export interface ResultsCountProps {
  loaded: number;
  total: number;
  /** BCP 47 tag for the number format; '' or an unknown tag falls back to en-US. */
  locale: string;
  /** False hides the text but keeps the live region, so later changes are announced. */
  visible?: boolean;
}

function numberFormat(locale: string): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale === '' ? 'en-US' : locale);
  } catch {
    return new Intl.NumberFormat('en-US');
  }
}

export function ResultsCount({ loaded, total, locale, visible = true }: ResultsCountProps) {
  const format = numberFormat(locale);
  return (
    <p className="pn-count" part="results-count" role="status" aria-live="polite">
      {visible ? `Showing ${format.format(loaded)} of ${format.format(total)} partners` : ''}
    </p>
  );
}
