/// <reference types="vite/client" />
import css from './styles.css?inline';

/** The widget's stylesheet as text, for hosts that render SearchPage themselves. */
export const partnersNetworkStyles: string = css;

let sharedSheet: CSSStyleSheet | null = null;

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
      sharedSheet.replaceSync(css);
    }
    if (!shadow.adoptedStyleSheets.includes(sharedSheet)) {
      shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sharedSheet];
    }
    return;
  }
  if (shadow.querySelector('style[data-pn-styles]') !== null) return;
  const style = document.createElement('style');
  style.dataset.pnStyles = '';
  style.textContent = css;
  shadow.prepend(style);
}
