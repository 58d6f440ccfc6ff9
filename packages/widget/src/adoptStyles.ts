/// <reference types="vite/client" />
import base from './styles.css?inline';
import filterPanel from './ui/FilterPanel.css?inline';
import loadMoreButton from './ui/LoadMoreButton.css?inline';
import selectedChips from './ui/SelectedChips.css?inline';

/** The sheet of every part a visit shows (each part's sheet sits beside it). */
export const BASE_STYLES = base + filterPanel + selectedChips + loadMoreButton;

let sharedSheet: CSSStyleSheet | null = null;
/** The base sheet, then each part's sheet as its chunk arrived (addStyles). */
let sheetText = BASE_STYLES;
const added = new Set<string>();
/** <style> fallbacks of old engines, kept in step with the sheet. */
const fallbacks = new Set<HTMLStyleElement>();

function canAdoptSheets(shadow: ShadowRoot): boolean {
  return (
    'adoptedStyleSheets' in shadow &&
    typeof CSSStyleSheet === 'function' &&
    typeof CSSStyleSheet.prototype.replaceSync === 'function'
  );
}

/**
 * Gives a shadow root the widget's styles, once. A constructed sheet works under a
 * strict CSP (no 'unsafe-inline') and is parsed once for every widget on the page;
 * <style> is only the fallback for old engines.
 */
export function adoptStyles(shadow: ShadowRoot): void {
  if (canAdoptSheets(shadow)) {
    if (sharedSheet === null) {
      sharedSheet = new CSSStyleSheet();
      sharedSheet.replaceSync(sheetText);
    }
    if (!shadow.adoptedStyleSheets.includes(sharedSheet)) {
      shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sharedSheet];
    }
    return;
  }
  if (shadow.querySelector('style[data-pn-styles]') !== null) return;
  const style = document.createElement('style');
  style.dataset.pnStyles = '';
  style.textContent = sheetText;
  fallbacks.add(style);
  shadow.prepend(style);
}

/**
 * Adds the styles of a part that loads as a chunk of its own (the no-results and error
 * panels, which a visit may never show) to every widget on the page, before it renders:
 * they stay out of what a first visit loads. Appended after the base sheet, once per text.
 */
export function addStyles(more: string): void {
  if (added.has(more)) return;
  added.add(more);
  sheetText += more;
  sharedSheet?.replaceSync(sheetText);
  for (const style of fallbacks) style.textContent = sheetText;
}
