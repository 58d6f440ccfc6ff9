/**
 * Where mount() finds React's part of the page (renderPage.tsx). mount() and the element
 * import no React, so the page script evaluates them, and sends the first requests, before
 * React's modules; the entry evaluates renderPage.tsx after a yield (register.ts), in a
 * task of its own, and it hands its render here. mount() renders once it has.
 */
import type { Root } from 'react-dom/client';
import type { Translator } from './core/i18n/createTranslator';
import type { SearchPageProps } from './SearchPage';

/** Renders the page into `container` in the visitor's language; its root, to unmount. */
export type RenderPage = (
  container: HTMLElement,
  translator: Translator,
  props: SearchPageProps,
) => Root;

export let setPageRenderer: (render: RenderPage) => void;

/** Settles once renderPage.tsx has been evaluated. */
export const pageRenderer = new Promise<RenderPage>((resolve) => {
  setPageRenderer = resolve;
});
