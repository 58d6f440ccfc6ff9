import { useMessages } from './MessagesContext';

export interface ResultsCountProps {
  /** 'Showing {loaded} of {total} partners', already in the locale's number format. */
  text: string;
  /** Heard before the count, not shown ('10 more partners added.', 'No partners found.'). */
  before?: string;
  /** Heard after the count, not shown (the filters and text applied). */
  after?: string;
}

/**
 * The visible count doubles as a polite live region; the hidden parts give screen
 * reader users what sighted visitors see elsewhere (chips, ticked boxes, the field).
 * Always rendered: a live region must exist before its text changes to be announced.
 * Atomic, so a change is read as one sentence.
 */
export function ResultsCount({ text, before = '', after = '' }: ResultsCountProps) {
  const t = useMessages();
  return (
    <p
      className="pn-count"
      part="results-count"
      role="status"
      aria-live="polite"
      aria-atomic="true"
    >
      {before !== '' && <span className="pn-sr-only">{`${before} `}</span>}
      {text}
      {after !== '' && (
        <span className="pn-sr-only">
          {text !== '' ? t('afterCount', { details: after }) : after}
        </span>
      )}
    </p>
  );
}
