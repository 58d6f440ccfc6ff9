/**
 * The floor of "what a page loads": React 19 rendering one element with createRoot,
 * built like the page script (scripts/buildReactFloor.ts). Nothing the widget does can
 * make its bundled build smaller than this; the difference is what the widget adds.
 */
import { createRoot } from 'react-dom/client';

const container = document.getElementById('root');
if (container) createRoot(container).render(<p>Partners</p>);
