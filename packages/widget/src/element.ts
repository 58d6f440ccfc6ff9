import { mount } from './mount';
import type { PortalContext } from './core/types';

export const ELEMENT_NAME = 'partners-network-search';

/** Attributes that override what the portal page says (e.g. for a page without Liferay). */
const ATTRIBUTES = {
  'api-base-url': 'apiBaseUrl',
  'company-id': 'companyId',
  'scope-group-id': 'scopeGroupId',
  'language-id': 'languageId',
  'back-button-url': 'backButtonUrl',
} as const satisfies Record<string, keyof PortalContext>;

function readOverrides(element: HTMLElement): Partial<PortalContext> {
  const overrides: Partial<PortalContext> = {};
  for (const [attribute, key] of Object.entries(ATTRIBUTES)) {
    const value = element.getAttribute(attribute);
    if (value === null) continue;
    overrides[key] = key === 'languageId' ? value.replace(/_/g, '-') : value;
  }
  return overrides;
}

function createElementClass(): CustomElementConstructor {
  return class PartnersNetworkSearchElement extends HTMLElement {
    private unmount: (() => void) | null = null;

    connectedCallback(): void {
      if (this.unmount !== null) return;
      try {
        this.unmount = mount(this, { context: readOverrides(this) });
      } catch (error) {
        // SPEC 8: a start-up failure is logged to the console only.
        console.error('Partners Network failed to start:', error);
      }
    }

    disconnectedCallback(): void {
      // Deferred: a move within the page (disconnect + connect) keeps the page alive,
      // and React must not be unmounted while it may be rendering.
      queueMicrotask(() => {
        if (this.isConnected || this.unmount === null) return;
        this.unmount();
        this.unmount = null;
      });
    }
  };
}

/** Defines <partners-network-search> once; later calls (a second bundle on the page) do nothing. */
export function definePartnersNetworkSearch(
  registry: CustomElementRegistry = customElements,
): void {
  if (registry.get(ELEMENT_NAME)) return;
  registry.define(ELEMENT_NAME, createElementClass());
}
