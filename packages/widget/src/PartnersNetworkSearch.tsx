import { useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { adoptStyles } from './adoptStyles';
import { SearchPage } from './SearchPage';
import type { SearchPageProps } from './SearchPage';

export interface PartnersNetworkSearchProps extends SearchPageProps {
  /** On the host <div> (the shadow root's host): place and size it from the page. */
  className?: string;
}

/**
 * The search page for React hosts, isolated like the custom element: it renders into
 * the shadow root of its own <div>, with the widget's styles adopted there. A new
 * `context`, `portal`, `location` or `syncUrl` starts a new page (new requests), like a
 * changed attribute on the element.
 */
export function PartnersNetworkSearch({ className, ...props }: PartnersNetworkSearchProps) {
  const [shadow, setShadow] = useState<ShadowRoot | null>(null);
  const hostRef = useCallback((host: HTMLDivElement | null) => {
    if (host === null) return;
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    adoptStyles(root);
    setShadow(root);
  }, []);
  const key = JSON.stringify([props.context, props.portal, props.location, props.syncUrl]);
  return (
    <div ref={hostRef} className={className}>
      {shadow !== null && createPortal(<SearchPage key={key} {...props} />, shadow)}
    </div>
  );
}
