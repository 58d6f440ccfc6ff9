/**
 * The `<style>` fallback of engines without constructed sheets (no `adoptedStyleSheets`:
 * Safari before 16.4, Firefox before 101): a chunk only they fetch (adoptStyles.ts asks for
 * it before their first render), so what a first visit loads elsewhere does not carry it.
 */
const styles = new Set<HTMLStyleElement>();

/** Gives a shadow root a `<style>` with the widget's styles, once. */
export function adopt(shadow: ShadowRoot, text: string): void {
  if (shadow.querySelector('style[data-pn-styles]') !== null) return;
  const style = document.createElement('style');
  style.dataset.pnStyles = '';
  style.textContent = text;
  styles.add(style);
  shadow.prepend(style);
}

/** Keeps every `<style>` in step with the sheet (a part's chunk added its styles). */
export function refresh(text: string): void {
  for (const style of styles) style.textContent = text;
}
