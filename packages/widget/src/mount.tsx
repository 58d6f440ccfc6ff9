/// <reference types="vite/client" />
import { createRoot } from 'react-dom/client';
import css from './styles.css?inline';
import { SearchPage } from './SearchPage';
import type { SearchPageProps } from './SearchPage';

export type MountOptions = SearchPageProps;

/** The widget's stylesheet as text, for hosts that render SearchPage without mount(). */
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
 * A constructed sheet works under a strict CSP (no 'unsafe-inline') and is parsed
 * once for every widget on the page; <style> is only the fallback for old engines.
 */
function applyStyles(shadow: ShadowRoot): void {
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

/**
 * Renders the search page into `element`'s shadow root (attached, open, when the
 * element has none) and returns the function that takes it down again.
 */
export function mount(element: HTMLElement, options: MountOptions = {}): () => void {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  applyStyles(shadow);
  const container = document.createElement('div');
  container.dataset.pnContainer = '';
  shadow.append(container);
  const root = createRoot(container, {
    // SPEC 8: a start-up failure is logged to the console only.
    onUncaughtError: (error) => console.error('Partners Network failed:', error),
  });
  root.render(<SearchPage {...options} />);
  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    root.unmount();
    container.remove();
  };
}
