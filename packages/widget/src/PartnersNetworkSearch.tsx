import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { adoptStyles } from './adoptStyles';
import type { Translator } from './core/i18n/createTranslator';
import { loadTranslator } from './core/i18n/loadTranslator';
import { resolveSearchSetup } from './core/resolveSearchSetup';
import { SearchPage } from './SearchPage';
import type { SearchPageProps } from './SearchPage';
import { MessagesContext } from './ui/MessagesContext';

export interface PartnersNetworkSearchProps extends SearchPageProps {
  /** On the host <div> (the shadow root's host): place and size it from the page. */
  className?: string;
}

/**
 * The search page for React hosts, isolated like the custom element: it renders into
 * the shadow root of its own <div>, with the widget's styles adopted there. A new
 * `context`, `portal`, `location`, `syncUrl` or `messages` starts a new page (new
 * requests), like a changed attribute on the element.
 */
export function PartnersNetworkSearch({
  className,
  messages,
  ...props
}: PartnersNetworkSearchProps) {
  const [shadow, setShadow] = useState<ShadowRoot | null>(null);
  const hostRef = useCallback((host: HTMLDivElement | null) => {
    if (host === null) return;
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    // Engines without constructed sheets fetch their <style> first: no unstyled frame.
    const styling = adoptStyles(root);
    if (styling === undefined) setShadow(root);
    else
      void styling.then(() => {
        adoptStyles(root);
        setShadow(root);
      });
  }, []);
  const key = JSON.stringify([
    props.context,
    props.portal,
    props.location,
    props.syncUrl,
    messages,
  ]);
  return (
    <div ref={hostRef} className={className}>
      {shadow !== null &&
        createPortal(<TranslatedPage key={key} messages={messages} {...props} />, shadow)}
    </div>
  );
}

/** The page once the visitor's messages are there; props are read on the first render. */
function TranslatedPage({ messages, ...props }: SearchPageProps) {
  const [start] = useState(() => {
    const setup = resolveSearchSetup(props);
    return { setup, translator: loadTranslator(setup.portal.languageId, messages) };
  });
  const [translator, setTranslator] = useState<Translator | null>(() =>
    start.translator instanceof Promise ? null : start.translator,
  );
  useEffect(() => {
    let current = true;
    if (start.translator instanceof Promise) {
      void start.translator.then((loaded) => {
        if (current) setTranslator(loaded);
      });
    }
    return () => {
      current = false;
    };
  }, [start]);
  if (translator === null) return null;
  return (
    <div data-pn-container="" lang={translator.lang} dir={translator.dir}>
      <MessagesContext.Provider value={translator}>
        <SearchPage {...props} {...start.setup} messages={messages} />
      </MessagesContext.Provider>
    </div>
  );
}
