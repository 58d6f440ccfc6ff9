import { logError, logWarning } from './core/log';
import type { TextCode } from './core/logTexts';
import { mount } from './mount';
import type { MountOptions } from './mount';
import { ELEMENT_ATTRIBUTES, readElementAttributes } from './readElementAttributes';
import type { LocationParams } from './core/types';

export const ELEMENT_NAME = 'partners-network-search';

/** What an element that keeps its state in memory starts from: it never reads the URL. */
const NO_LOCATION: LocationParams = {
  filter: null,
  page: null,
  savedSearch: null,
  extraParams: [],
};

/**
 * The element of this page that keeps its search in the URL. Two writers would undo
 * each other's hash, so an element without `url-state` takes the URL only when no
 * other element has it.
 */
let urlOwner: symbol | null = null;

function createElementClass(): CustomElementConstructor {
  return class PartnersNetworkSearchElement extends HTMLElement {
    static readonly observedAttributes: readonly string[] = ELEMENT_ATTRIBUTES;

    #unmount: (() => void) | null = null;
    /** This element's name in `urlOwner`. */
    readonly #token = Symbol(ELEMENT_NAME);
    #restartQueued = false;
    #messages: unknown;

    /**
     * Operator's messages as an object (`{ "loadMore": "…", "fr": { … } }`): set, it
     * replaces the `messages` attribute and restarts the page like a changed attribute.
     */
    get messages(): unknown {
      return this.#messages;
    }

    set messages(value: unknown) {
      this.#messages = value;
      this.#queueRestart();
    }

    connectedCallback(): void {
      // A page may set `messages` before this script defined the element: take it over.
      if (Object.hasOwn(this, 'messages')) {
        const value: unknown = Reflect.get(this, 'messages');
        Reflect.deleteProperty(this, 'messages');
        this.#messages = value;
      }
      if (this.#unmount === null) this.#start();
    }

    disconnectedCallback(): void {
      // Deferred: a move within the page (disconnect + connect) keeps the page alive,
      // and React must not be unmounted while it may be rendering.
      queueMicrotask(() => {
        if (!this.isConnected) this.#stop();
      });
    }

    attributeChangedCallback(_name: string, oldValue: string | null, value: string | null): void {
      if (oldValue !== value) this.#queueRestart();
    }

    #queueRestart(): void {
      // Before the first connect the attributes are read by #start anyway.
      if (this.#unmount === null || this.#restartQueued) return;
      // Several attributes set in one go restart the page once, with all of them.
      this.#restartQueued = true;
      queueMicrotask(() => {
        this.#restartQueued = false;
        if (this.#unmount === null) return;
        this.#stop();
        this.#start();
      });
    }

    #start(): void {
      try {
        const attributes = readElementAttributes(this);
        const { context, urlState, renderAfter } = attributes;
        const messages = this.#messages ?? attributes.messages;
        const ownsUrl = urlState === 'url' || (urlState === null && urlOwner === null);
        if (urlState === null && !ownsUrl) {
          logWarning([24 satisfies TextCode<'elementUrlTaken'>, ELEMENT_NAME]);
        }
        if (urlState === 'url' && urlOwner !== null && urlOwner !== this.#token) {
          logWarning([25 satisfies TextCode<'elementUrlTwice'>, ELEMENT_NAME]);
        }
        if (ownsUrl) urlOwner = this.#token;
        const options: MountOptions = ownsUrl
          ? { context, messages, renderAfter }
          : { context, messages, renderAfter, syncUrl: false, location: NO_LOCATION };
        this.#unmount = mount(this, options);
      } catch (error) {
        // SPEC 8: a start-up failure is logged to the console only.
        void logError([40 satisfies TextCode<'elementNotStarted'>], error);
      }
    }

    #stop(): void {
      if (urlOwner === this.#token) urlOwner = null;
      const unmount = this.#unmount;
      this.#unmount = null;
      unmount?.();
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
