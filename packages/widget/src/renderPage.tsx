/**
 * React's part of mount(): the page script evaluates it (React's modules with it) after
 * the element has sent its first requests, in a later task (register.ts).
 */
import { createRoot } from 'react-dom/client';
import { logError } from './core/log';
import type { TextCode } from './core/logTexts';
import { setPageRenderer } from './pageRenderer';
import { SearchPage } from './SearchPage';
import { MessagesContext } from './ui/MessagesContext';

setPageRenderer((container, translator, props) => {
  const root = createRoot(container, {
    // SPEC 8: a start-up failure is logged to the console only.
    onUncaughtError: (error) => void logError([39 satisfies TextCode<'pageFailed'>], error),
  });
  // Not a transition: the page with its skeleton commits in this task, so the first
  // answer renders its cards at once into a page that is there (in a transition the
  // page would still be rendering in 5 ms slices, the cards behind it).
  root.render(
    <MessagesContext.Provider value={translator}>
      <SearchPage {...props} />
    </MessagesContext.Provider>,
  );
  return root;
});
