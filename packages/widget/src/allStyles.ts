/// <reference types="vite/client" />
/**
 * Every stylesheet of the page as one text, for React hosts that render SearchPage
 * without the shadow root and manage styles themselves. The page script does not
 * import it: there, each part's sheet arrives with its chunk (adoptStyles.ts).
 */
import base from './styles.css?inline';
import filterPanel from './ui/FilterPanel.css?inline';
import loadMoreButton from './ui/LoadMoreButton.css?inline';
import panels from './ui/panels.css?inline';
import selectedChips from './ui/SelectedChips.css?inline';

export const partnersNetworkStyles: string = [
  base,
  filterPanel,
  selectedChips,
  loadMoreButton,
  panels,
].join('\n');
