/**
 * Contacting a partner as a visitor would (issue 26), in Chromium against the demo server
 * with a real SMTP server: keyboard only, the errors, the send, the confirmation, the mail
 * at the partner's address; the dialog's focus rules; axe with the dialog open in English
 * and Arabic; screenshots at 360 and 1440 px.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The server's own test sink: a real SMTP server on a local port.
import type { SmtpSink } from '../packages/server/src/contact/__tests__/smtpSink';
import { createSmtpSink } from '../packages/server/src/contact/__tests__/smtpSink';
import { findAxeViolations } from './support/axe';
import { SearchPage, openSearchPage } from './support/searchPage';
import { withSettingsMessages } from './support/settingsMessages';
import { usePortal } from './support/usePortal';

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), 'artifacts');
let sink: SmtpSink;

beforeAll(async () => {
  sink = await createSmtpSink();
});
afterAll(async () => {
  await sink?.stop();
});

const portal = usePortal({ contact: () => ({ smtpUrl: sink.url, waitSeconds: 1 }) });

/** The first card with a Contact button, its title and the button. */
async function firstContactable(searchPage: SearchPage) {
  await searchPage.cards().first().waitFor();
  const card = searchPage
    .cards()
    .filter({ has: searchPage.page.locator('[data-contact]') })
    .first();
  const title = (await card.getByRole('heading').textContent()) ?? '';
  const slug = (await card.locator('[data-contact]').getAttribute('data-contact')) ?? '';
  return { card, title, slug, button: card.locator('[data-contact]') };
}

function dialogOf(page: Page): Locator {
  return page.getByRole('dialog');
}

async function focusedWithin(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((element) => {
    const root = element.getRootNode();
    const active = root instanceof ShadowRoot ? root.activeElement : document.activeElement;
    return active !== null && element.contains(active);
  });
}

describe('contacting a partner', () => {
  it('keyboard only: errors, send, confirmation; the mail reaches the partner', async () => {
    const searchPage = await openSearchPage(portal, '/');
    const { page } = searchPage;
    const { title, slug, button } = await firstContactable(searchPage);
    expect(await button.textContent()).toBe('Contact');
    await searchPage.tabTo(button, 80);
    await page.keyboard.press('Enter');

    const dialog = dialogOf(page);
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => focusedWithin(dialog)).toBe(true);
    expect(await dialog.getByRole('heading').textContent()).toBe(`Contact ${title}`);
    const name = dialog.getByRole('textbox', { name: 'Your name' });
    await expect.poll(() => name.evaluate((input) => input.matches(':focus'))).toBe(true);

    // Send with nothing filled: each error is tied to its field, focus on the first.
    await page.keyboard.press('Enter');
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.evaluate((input) => input.matches(':focus'))).toBe(true);
    const described = async (field: Locator) => {
      const ids = (await field.getAttribute('aria-describedby')) ?? '';
      return dialog.evaluate(
        (element, list) =>
          list
            .split(' ')
            .map(
              (id) =>
                (element.getRootNode() as Document | ShadowRoot).getElementById(id)?.textContent,
            )
            .join(' '),
        ids,
      );
    };
    expect(await described(name)).toBe('Enter your name.');
    const email = dialog.getByRole('textbox', { name: 'Your email address' });
    expect(await described(email)).toBe('Enter your email address.');
    const consent = dialog.getByRole('checkbox');
    expect(await consent.getAttribute('aria-invalid')).toBe('true');

    await page.keyboard.type('Ana Lúcia');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ana.lucia@visitor.example');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Lisboa Dados');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Hello,\nwe need a partner for 40 stores in Portugal.');
    // The privacy notice link is there, and the consent is one Space away.
    expect(await dialog.getByRole('link', { name: 'Privacy notice' }).getAttribute('href')).toMatch(
      /\/privacy$/,
    );
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await consent.isChecked()).toBe(true);
    await searchPage.tabTo(dialog.getByRole('button', { name: 'Send' }), 10);
    await page.keyboard.press('Enter');

    const confirmation = dialog.getByRole('status');
    await expect
      .poll(() => confirmation.textContent(), { timeout: 20_000 })
      .toBe(`Thank you. Your message to ${title} has been received and is on its way.`);
    await expect.poll(() => confirmation.evaluate((p) => p.matches(':focus'))).toBe(true);

    const [mail] = await sink.waitFor(1, 20_000);
    expect(mail?.envelopeTo).toEqual([`partners@${slug}.example`]);
    expect(mail?.parsed.replyTo?.value[0]?.address).toBe('ana.lucia@visitor.example');
    expect(mail?.parsed.text).toContain('Hello,\nwe need a partner for 40 stores in Portugal.');
    expect(mail?.parsed.subject).toBe(`Contact request from the partner directory: ${title}`);

    // Close (the next stop after the confirmation): focus goes back to the Contact button.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => button.evaluate((b) => b.matches(':focus'))).toBe(true);
  });

  it('keeps focus inside, closes with Escape and Cancel, and gives focus back', async () => {
    const searchPage = await openSearchPage(portal, '/');
    const { page } = searchPage;
    const { button } = await firstContactable(searchPage);
    await button.click();
    const dialog = dialogOf(page);
    await expect.poll(() => focusedWithin(dialog)).toBe(true);
    for (let press = 0; press < 14; press++) {
      await page.keyboard.press(press % 3 === 0 ? 'Shift+Tab' : 'Tab');
      expect(await focusedWithin(dialog)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => button.evaluate((b) => b.matches(':focus'))).toBe(true);

    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => button.evaluate((b) => b.matches(':focus'))).toBe(true);
  });

  it('says nothing was sent and keeps the form when the server refuses', async () => {
    const searchPage = await openSearchPage(portal, '/', {
      beforeNavigate: async (page) => {
        await page.route('**/contact?*', (route) =>
          route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ status: 'SERVICE_UNAVAILABLE', title: 'down' }),
          }),
        );
      },
    });
    const { page } = searchPage;
    const { button } = await firstContactable(searchPage);
    await button.click();
    const dialog = dialogOf(page);
    await dialog.getByRole('textbox', { name: 'Your name' }).fill('Bea');
    await dialog.getByRole('textbox', { name: 'Your email address' }).fill('bea@visitor.example');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Kept after a failure');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent(), { timeout: 20_000 })
      .toBe(
        'Your message could not be sent: nothing was sent. Your text is still here; please try again.',
      );
    expect(await dialog.getByRole('textbox', { name: 'Message' }).inputValue()).toBe(
      'Kept after a failure',
    );
  });

  it("shows the operator's contact. messages, in the portal's language", async () => {
    const page = await portal.open('/?languageId=fr_FR', {
      beforeNavigate: withSettingsMessages({
        'contact.send': 'Envoyer la demande',
        fr: { 'contact.cancel': 'Fermer sans envoyer' },
        de: { 'contact.cancel': 'Nicht für Französisch' },
      }),
    });
    const { button } = await firstContactable(new SearchPage(page));
    await button.click();
    const dialog = dialogOf(page);
    await dialog.getByRole('button', { name: 'Envoyer la demande' }).waitFor();
    await dialog.getByRole('button', { name: 'Fermer sans envoyer' }).waitFor();
    // The rest of the dialog keeps the French catalogue's texts.
    await dialog.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await dialog.getByRole('heading').textContent()).toContain('Contacter');
  });

  it.each([
    { path: '/', language: 'en', heading: 'Contact' },
    { path: '/?languageId=ar_SA', language: 'ar', heading: 'التواصل مع' },
  ])(
    'has no axe violation with the dialog open ($language), errors shown',
    async ({ path, language, heading }) => {
      mkdirSync(ARTIFACTS, { recursive: true });
      for (const width of [360, 1440]) {
        const searchPage = await openSearchPage(portal, path, { width, height: 900 });
        const { page } = searchPage;
        const { button } = await firstContactable(searchPage);
        await button.click();
        const dialog = dialogOf(page);
        await expect.poll(() => dialog.getByRole('heading').textContent()).toContain(heading);
        expect(await findAxeViolations(page)).toEqual([]);
        await dialog.locator('button[type="submit"]').click();
        await expect.poll(() => dialog.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
        expect(await findAxeViolations(page)).toEqual([]);
        const box = await dialog.boundingBox();
        expect(box?.width ?? 0).toBeLessThanOrEqual(width);
        await page.screenshot({ path: join(ARTIFACTS, `contact-${language}-${width}.png`) });
        if (language === 'ar') {
          expect(await dialog.evaluate((element) => getComputedStyle(element).direction)).toBe(
            'rtl',
          );
        }
      }
    },
  );
});
