/// <reference types="vite/client" />
/**
 * The sheet of every part a visit shows (each part's sheet sits beside it), as text.
 * Imported by the entries alone (`register.ts`, `index.ts`), which hand it to
 * `adoptStyles.ts` as their last step: imported there, Rollup placed its 13 KB at the
 * start of the widget's code in the page script, between React and the rest, and gzip
 * (a 32 KB window) then found fewer of the code's repeats; at the end of the page script
 * it is 165 B gzip less (issue 24's byte budget).
 */
import base from './styles.css?inline';
import filterPanel from './ui/FilterPanel.css?inline';
import loadMoreButton from './ui/LoadMoreButton.css?inline';
import selectedChips from './ui/SelectedChips.css?inline';

export const BASE_STYLES = base + filterPanel + selectedChips + loadMoreButton;
