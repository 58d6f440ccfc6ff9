/**
 * The floor of "what a page loads": a React 19 page that renders one element with
 * createRoot, bundled like the widget (Vite, production, minified, ESM). Nothing the
 * widget adds can make its bundled build smaller than this.
 */
import { createRoot } from 'react-dom/client';

const container = document.getElementById('root');
if (container) createRoot(container).render(<p>Partners</p>);
