import { createRoot } from 'react-dom/client';
import { adoptStyles } from './adoptStyles';
import { SearchPage } from './SearchPage';
import type { SearchPageProps } from './SearchPage';

export { partnersNetworkStyles } from './adoptStyles';

export type MountOptions = SearchPageProps;

/**
 * Renders the search page into `element`'s shadow root (attached, open, when the
 * element has none) and returns the function that takes it down again.
 */
export function mount(element: HTMLElement, options: MountOptions = {}): () => void {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  adoptStyles(shadow);
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
