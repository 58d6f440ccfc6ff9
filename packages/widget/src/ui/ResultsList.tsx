import { memo } from 'react';
import type { Ref } from 'react';
import { PartnerCardView } from './PartnerCardView';
import type { PartnerCardData } from './PartnerCardView';

export interface ResultsListProps {
  cards: readonly PartnerCardData[];
  listRef?: Ref<HTMLUListElement>;
}

// Memoised: a change of the busy state or the count does not walk the whole list.
export const ResultsList = memo(function ResultsList({ cards, listRef }: ResultsListProps) {
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
});
