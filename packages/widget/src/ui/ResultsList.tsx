import { memo } from 'react';
import type { Ref } from 'react';
import { useMessages } from './MessagesContext';
import { PartnerCardView } from './PartnerCardView';
import type { PartnerCardData } from './PartnerCardView';

export interface ResultsListProps {
  cards: readonly PartnerCardData[];
  /**
   * Cards from this index on (those Load More appended) skip their rendering while far
   * off-screen (content-visibility: auto), keeping their last size: a Load More with
   * 100 cards above does not style, lay out and paint them all again. Default: none.
   * Not the cards of the last two appends (`eagerCount` each, the page size): they are
   * on screen or next to it. Skipped from their commit, they were laid out twice in the
   * frame that shows them (locked, then unlocked once found on screen), and those the
   * next click's scroll brought into view were laid out and painted after that click,
   * while its answer waited (bench/README.md).
   */
  eagerCount?: number;
  /**
   * Cards before this index (and from `eagerCount` on) skip; default: all but the last two
   * appends. The page moves it on after the frame that shows a Load More's cards.
   */
  skippedBefore?: number;
  listRef?: Ref<HTMLUListElement>;
}

// Memoised: a change of the busy state or the count does not walk the whole list.
export const ResultsList = memo(function ResultsList({
  cards,
  eagerCount = Infinity,
  skippedBefore = cards.length - 2 * eagerCount,
  listRef,
}: ResultsListProps) {
  const t = useMessages();
  if (!cards.length) return null;
  return (
    <ul className="pn-grid pn-results__list" ref={listRef} aria-label={t('partners')}>
      {cards.map((card, index) => (
        <li
          key={card.key}
          className="pn-grid__cell"
          // "true": skipped off-screen; "false": appended by one of the last two Load
          // Mores, on screen or next to it (both: pictures eager once painted).
          data-appended={index < eagerCount ? undefined : index < skippedBefore}
        >
          <PartnerCardView card={card} />
        </li>
      ))}
    </ul>
  );
});
