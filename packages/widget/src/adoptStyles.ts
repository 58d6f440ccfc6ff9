import type * as StyleElements from './styleElements';

let sharedSheet: CSSStyleSheet | null = null;
/** The base sheet (`baseStyles.ts`, handed by the entry: setBaseStyles). */
let baseText = '';
/** Each part's sheet as its chunk arrived (addStyles), after the base sheet. */
let partsText = '';
const added = new Set<string>();
/**
 * Old engines' `<style>` fallback (styleElements.ts), a chunk only they fetch: undefined
 * until it has come, null when it could not (their page then renders unstyled).
 */
let styleElements: typeof StyleElements | null | undefined;

/**
 * Gives a shadow root the widget's styles, once. A constructed sheet works under a
 * strict CSP (no 'unsafe-inline') and is parsed once for every widget on the page;
 * <style> is only the fallback for old engines, in a chunk of its own: there, the first
 * call gives the promise of that chunk, and the caller renders once it has settled (no
 * unstyled first frame) and calls again, which adds the `<style>`.
 */
export function adoptStyles(shadow: ShadowRoot): Promise<void> | undefined {
  // Every engine with `adoptedStyleSheets` (Chromium 73, Firefox 101, Safari 16.4) shipped
  // the CSSStyleSheet constructor and `replaceSync` with it.
  if (!('adoptedStyleSheets' in shadow)) {
    if (styleElements === undefined) {
      return import('./styleElements').then(
        (loaded) => {
          styleElements = loaded;
        },
        () => {
          styleElements = null;
        },
      );
    }
    styleElements?.adopt(shadow, baseText + partsText);
    return;
  }
  if (sharedSheet === null) {
    sharedSheet = new CSSStyleSheet();
    sharedSheet.replaceSync(baseText + partsText);
  }
  if (!shadow.adoptedStyleSheets.includes(sharedSheet)) {
    shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sharedSheet];
  }
  return;
}

/**
 * Adds the styles of a part that loads as a chunk of its own (the no-results and error
 * panels, which a visit may never show) to every widget on the page, before it renders:
 * they stay out of what a first visit loads. Appended after the base sheet, once per text.
 */
export function addStyles(more: string): void {
  if (added.has(more)) return;
  added.add(more);
  partsText += more;
  refresh();
}

/**
 * The base sheet (`baseStyles.ts`): each entry of the package hands it over when it is
 * evaluated, before any page can render (a page starts in a later task).
 */
export function setBaseStyles(base: string): void {
  baseText = base;
  refresh();
}

function refresh(): void {
  sharedSheet?.replaceSync(baseText + partsText);
  styleElements?.refresh(baseText + partsText);
}
