import type { Locator } from 'playwright-core';

/**
 * The text a sighted visitor reads in an element: text nodes inside visually hidden
 * parts (a screen-reader-only span clipped to 1 px) are left out.
 */
export function visibleText(locator: Locator): Promise<string> {
  return locator.evaluate((root) => {
    const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let text = '';
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent) continue;
      const box = parent.getBoundingClientRect();
      if (box.width > 1 && box.height > 1 && parent.checkVisibility()) text += node.textContent;
    }
    // Only markup whitespace is collapsed: a number's narrow no-break space (fr-FR) stays.
    return text.replace(/[ \t\n\r\f]+/g, ' ').replace(/^ | $/g, '');
  });
}
