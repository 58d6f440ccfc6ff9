/**
 * An operator's messages set as a portal theme would set them: appended to the demo's
 * `portal.js`, which fills `window.partnersNetworkSettings` before the widget starts.
 */
import type { Page } from 'playwright-core';

/** A `beforeNavigate` (usePortal's OpenOptions) that gives the page these messages. */
export function withSettingsMessages(messages: object): (page: Page) => Promise<void> {
  return async (page) => {
    await page.route('**/demo/portal.js', async (route) => {
      const response = await route.fetch();
      const body = `${await response.text()}
window.partnersNetworkSettings.messages = ${JSON.stringify(messages)};`;
      await route.fulfill({ response, body });
    });
  };
}
