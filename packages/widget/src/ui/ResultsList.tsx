import type { Ref } from 'react';
import { PartnerCardView } from './PartnerCardView';
import type { PartnerCardData } from './PartnerCardView';

export interface ResultsListProps {
  cards: readonly PartnerCardData[];
  listRef?: Ref<HTMLUListElement>;
}

export function ResultsList({ cards, listRef }: ResultsListProps) {
  if (cards.length === 0) return null;
  return (
    <ul className="pn-grid pn-results__list" ref={listRef} aria-label="Partners">
      {cards.map((card) => (
        <li key={card.key} className="pn-grid__cell">
          <PartnerCardView card={card} />
        </li>
      ))}
    </ul>
  );
}
