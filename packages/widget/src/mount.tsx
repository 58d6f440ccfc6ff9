import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { adoptStyles } from './adoptStyles';
import type { Translator } from './core/i18n/createTranslator';
import { loadTranslator } from './core/i18n/loadTranslator';
import { logError } from './core/log';
import { resolveSearchSetup } from './core/resolveSearchSetup';
import { SearchPage } from './SearchPage';
import type { SearchPageProps } from './SearchPage';
import { MessagesContext } from './ui/MessagesContext';

export interface MountOptions extends SearchPageProps {
  /**
   * Operator's replacements for the page's messages (the element's `messages`):
   * `{ "loadMore": "…", "fr": { "loadMore": "…" } }`, parsed, never trusted. They win
   * over `window.partnersNetworkSettings.messages`.
   */
  messages?: unknown;
}

/**
 * Renders the search page into `element`'s shadow root (attached, open, when the
 * element has none) and returns the function that takes it down again. The shadow
 * root is there at once; the page starts in the next tasks.
 */
export function mount(element: HTMLElement, options: MountOptions = {}): () => void {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  container.dataset.pnContainer = '';
  shadow.append(container);
  let root: Root | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const requests = new AbortController();
  // The page script's evaluation (React's included) is one long task already. What
  // follows runs in short tasks of its own: the first request, then React's set-up and
  // first render, a transition, which React renders in slices that let the browser in.
  timer = setTimeout(() => {
    // The first request goes out before React renders: the first cards wait for it.
    const { portal, api, location } = resolveSearchSetup(options);
    const filterDefinitions =
      options.filterDefinitions ?? api.fetchFilterDefinitions(requests.signal);
    // The controller awaits it and logs a failure; unmounted before that, nobody does.
    filterDefinitions.catch(() => undefined);
    // en-US is at hand; another language's catalogue loads beside the first request.
    const messages = loadTranslator(portal.languageId, options.messages);
    const render = (translator: Translator) => {
      if (!mounted) return;
      // The root of the page in the shadow root: its language and direction, whatever
      // the host page's (`all: initial` in the styles does not reset direction).
      container.lang = translator.lang;
      container.dir = translator.dir;
      adoptStyles(shadow);
      const created = createRoot(container, {
        // SPEC 8: a start-up failure is logged to the console only.
        onUncaughtError: (error) => logError('the page failed.', error),
      });
      root = created;
      const props: SearchPageProps = { ...options, portal, api, location, filterDefinitions };
      startTransition(() =>
        created.render(
          <MessagesContext.Provider value={translator}>
            <SearchPage {...props} />
          </MessagesContext.Provider>,
        ),
      );
    };
    // The catalogue's chunk arrives in a task of its own: render there.
    if (messages instanceof Promise) void messages.then(render);
    else timer = setTimeout(() => render(messages));
  });
  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    clearTimeout(timer);
    requests.abort();
    root?.unmount();
    container.remove();
  };
}
