import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { adoptStyles } from './adoptStyles';
import { SearchPage } from './SearchPage';
import type { SearchPageProps } from './SearchPage';

export { partnersNetworkStyles } from './adoptStyles';

export type MountOptions = SearchPageProps;

/**
 * Renders the search page into `element`'s shadow root (attached, open, when the
 * element has none) and returns the function that takes it down again. The shadow
 * root is there at once; the page renders from the next task on.
 */
export function mount(element: HTMLElement, options: MountOptions = {}): () => void {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  container.dataset.pnContainer = '';
  shadow.append(container);
  let root: Root | null = null;
  // The page script's evaluation (React's included) is one long task already: React's
  // set-up starts in a task of its own, and the first render is a transition, which
  // React renders in slices that let the browser in, not in one more long task.
  const start = setTimeout(() => {
    adoptStyles(shadow);
    const created = createRoot(container, {
      // SPEC 8: a start-up failure is logged to the console only.
      onUncaughtError: (error) => console.error('Partners Network failed:', error),
    });
    root = created;
    startTransition(() => created.render(<SearchPage {...options} />));
  });
  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    clearTimeout(start);
    root?.unmount();
    container.remove();
  };
}
