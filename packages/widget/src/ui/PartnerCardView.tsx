import { memo } from 'react';
import type { ReactNode } from 'react';
import { useMessages } from './MessagesContext';

export interface PartnerCardData {
  key: string;
  title: string;
  summary: string;
  imageUrl: string | null;
  href: string | null;
  categories: readonly string[];
  /** The slug of the partner's contact call when it can be contacted (issue 26), else null. */
  contact?: string | null;
  /** Near a point: how far its nearest location is and where ("12 km · Lyon"). */
  distance?: string;
  /** Ranges of title and summary to mark as matches: in bounds, ordered, not overlapping. */
  marks?: {
    title: readonly (readonly [number, number])[];
    summary: readonly (readonly [number, number])[];
  };
}

export interface PartnerCardViewProps {
  card: PartnerCardData;
}

/**
 * One result. Title and summary take their own direction (`dir="auto"`): a partner
 * text in English on an Arabic page keeps its punctuation where English puts it.
 * Every field is rendered as text (React escapes it); the title link
 * stretches over the whole card so the card is one click target and one tab stop.
 * The element marked data-card-focus receives focus after Load More. What matched the
 * search is in <mark> (part `highlight`), as text like the rest.
 */
// Memoised: cards keep their identity across Load More, so only the new ones render.
export const PartnerCardView = memo(function PartnerCardView({ card }: PartnerCardViewProps) {
  const linked = card.href !== null;
  const t = useMessages();
  const titleId = `pn-title-${card.key}`;
  const title = marked(card.title, card.marks?.title);
  return (
    <article
      className="pn-card"
      part="card"
      data-linked={linked || undefined}
      tabIndex={linked ? undefined : -1}
      data-card-focus={linked ? undefined : ''}
      aria-label={linked ? undefined : card.title}
    >
      <div className="pn-card__media">
        {card.imageUrl !== null && (
          // Lazy: a list's first cards load theirs as the visitor scrolls; those a Load
          // More appended, once painted (hooks/useFocusAfterLoadMore.ts).
          <img
            className="pn-card__img"
            src={card.imageUrl}
            alt=""
            loading="lazy"
            decoding="async"
          />
        )}
      </div>
      <div className="pn-card__body">
        {card.categories.length > 0 && (
          <ul className="pn-card__badges" aria-label={t('categories')}>
            {card.categories.map((name, index) => (
              <li key={index} className="pn-badge" part="badge">
                {name}
              </li>
            ))}
          </ul>
        )}
        <h2 className="pn-card__title" dir="auto" id={titleId}>
          {card.href !== null ? (
            <a className="pn-card__link" part="card-link" href={card.href} data-card-focus="">
              {title}
            </a>
          ) : (
            title
          )}
        </h2>
        <p className="pn-card__summary" dir="auto">
          {marked(card.summary, card.marks?.summary)}
        </p>
        {card.distance && <p className="pn-card__distance">{card.distance}</p>}
        {card.contact && (
          // Opens the contact dialog: the results section listens (SearchPage), so no card
          // carries a handler of its own. Named "Contact", described by the partner's title.
          <button
            className="pn-button pn-button--secondary pn-card__contact"
            part="button contact-button"
            data-contact={card.contact}
            aria-describedby={titleId}
          >
            {t('contact')}
          </button>
        )}
      </div>
    </article>
  );
});

/** The text with its ranges in <mark>: pieces of text, never HTML. */
function marked(text: string, ranges: readonly (readonly [number, number])[] = []): ReactNode {
  if (ranges.length === 0) return text;
  const pieces: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    pieces.push(
      text.slice(at, start),
      <mark key={start} className="pn-mark" part="highlight">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  pieces.push(text.slice(at));
  return pieces;
}
