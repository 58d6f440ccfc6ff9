import { memo } from 'react';
import type { Ref } from 'react';
import { useMessages } from './MessagesContext';
import { PartnerCardView } from './PartnerCardView';
import type { PartnerCardData } from './PartnerCardView';

export interface ResultsListProps {
  cards: readonly PartnerCardData[];
  /**
   * Cards from this index on (those Load More appended) come marked `data-appended="false"`:
   * past the first four of a Load More, they skip their rendering while off-screen in the
   * frame that shows them (ui/intent.css). After that frame the page turns the mark `""`
   * (rendered in full), and `"true"` once two more Load Mores came
   * (hooks/useFocusAfterLoadMore.ts): from then on they skip their rendering while far
   * off-screen (content-visibility: auto), keeping their last size, so a Load More with 100
   * cards above does not style, lay out and paint them all again. Default: none. Not the
   * cards of the last two appends once painted: they are on screen or next to it. Skipped
   * from their commit, the first ones were laid out twice in the frame that shows them
   * (locked, then unlocked once found on screen), and those the next click's scroll brought
   * into view were laid out and painted after that click, while its answer waited
   * (bench/README.md).
   */
  eagerCount?: number;
  listRef?: Ref<HTMLUListElement>;
}

// Memoised: a change of the busy state or the count does not walk the whole list.
export const ResultsList = memo(function ResultsList({
  cards,
  eagerCount = Infinity,
  listRef,
}: ResultsListProps) {
  const t = useMessages();
  if (!cards.length) return null;
  return (
    // Fresh: its cards past the second skip rendering off-screen in the frame that shows
    // them (styles.css); the page drops the mark after that frame (SearchPage.tsx).
    <ul className="pn-grid pn-results__list" ref={listRef} aria-label={t('partners')} data-fresh="">
      {cards.map((card, index) => (
        <li
          key={card.key}
          className="pn-grid__cell"
          // Never changed by React after its commit: the page turns it "" or "true" (skipped
          // off-screen) after a paint. All: pictures eager once painted.
          data-appended={index < eagerCount ? undefined : false}
        >
          <PartnerCardView card={card} />
        </li>
      ))}
    </ul>
  );
});
