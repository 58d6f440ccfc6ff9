import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { adoptStyles } from './adoptStyles';
import type { Translator } from './core/i18n/createTranslator';
import { loadTranslator } from './core/i18n/loadTranslator';
import { createSearchController } from './core/createSearchController';
import type { SearchControllerWithModel } from './core/createSearchController';
import { logError } from './core/log';
import type { TextCode } from './core/logTexts';
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
  /**
   * What the first render waits for besides the messages (the element's `background-sources`,
   * read by a chunk into `context`'s picture); the first requests do not wait for it.
   */
  renderAfter?: Promise<unknown>;
}

/**
 * Renders the search page into `element`'s shadow root (attached, open, when the
 * element has none) and returns the function that takes it down again. The shadow
 * root is there and the first requests are sent at once; the page renders in a next task.
 */
export function mount(element: HTMLElement, options: MountOptions = {}): () => void {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  container.dataset.pnContainer = '';
  shadow.append(container);
  let root: Root | null = null;
  // The controller starts here, in the task that evaluates the page script, and asks the
  // filter definitions and the first search at once, side by side (searchEarly): the
  // requests are out before the host page's first layout (tens of ms at 4x, the portal's
  // fonts and hero), which a timer's task waited behind (bench/README.md), and the answers
  // come meanwhile. The cards show once both are in (SPEC 4), whatever React is doing
  // meanwhile. The page's hook takes this controller over (and disposes it).
  const setup = resolveSearchSetup(options);
  const controller: SearchControllerWithModel = createSearchController({
    ...options,
    ...setup,
    searchEarly: true,
  });
  void controller.start();
  // en-US is at hand; another language's catalogue loads beside the first requests.
  const messages = loadTranslator(setup.portal.languageId, options.messages);
  const render = (translator: Translator) => {
    if (!mounted) return;
    // Engines without constructed sheets fetch their <style> first: no unstyled frame.
    const styling = adoptStyles(shadow);
    if (styling) return void styling.then(() => render(translator));
    // The root of the page in the shadow root: its language and direction, whatever
    // the host page's (`all: initial` in the styles does not reset direction).
    container.lang = translator.lang;
    container.dir = translator.dir;
    const created = createRoot(container, {
      // SPEC 8: a start-up failure is logged to the console only.
      onUncaughtError: (error) => void logError([39 satisfies TextCode<'pageFailed'>], error),
    });
    root = created;
    // Not a transition: the page with its skeleton commits in this task, so the first
    // answer renders its cards at once into a page that is there (in a transition the
    // page would still be rendering in 5 ms slices, the cards behind it).
    created.render(
      <MessagesContext.Provider value={translator}>
        <SearchPage {...options} {...setup} controller={controller} />
      </MessagesContext.Provider>,
    );
  };
  // The page script's evaluation (React's included) is one long task already: React's
  // set-up and first render run in a task of their own (the catalogue's chunk, or the
  // element's background-sources' chunk, when one is needed, arrives in a task of its own:
  // render there).
  let timer: ReturnType<typeof setTimeout> | undefined;
  const first = options.renderAfter?.then(() => messages) ?? messages;
  if (first instanceof Promise) void first.then(render);
  else timer = setTimeout(() => render(first));
  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    clearTimeout(timer);
    // Stops the requests in flight, rendered or not (the hook's own dispose comes too late
    // when React has not rendered yet).
    controller.dispose();
    root?.unmount();
    container.remove();
  };
}
