/** What the portal page gives a phone before any script runs. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../createDemoApp';
import { DEMO_BACKGROUND, renderPartnerPage, renderPortalPage } from '../renderPortalPage';

const page = renderPortalPage({
  languageId: 'en_US',
  widgetScript: '/widget/partners-network-x.js',
  companyId: '20097',
  scopeGroupId: '20121',
  title: 'Partners',
  body: '',
});

/**
 * Runs demo/public/portal.js against a page whose <html> has `dataset`, and returns what
 * it gave the widget: the ThemeDisplay getters' answers and the settings object.
 */
function runPortalScript(dataset: Record<string, string>): {
  themeDisplay: unknown[];
  settings: unknown;
} {
  const window: Record<string, unknown> = {};
  runInNewContext(readFileSync(new URL('../../public/portal.js', import.meta.url), 'utf8'), {
    window,
    document: { documentElement: { dataset }, addEventListener: () => undefined },
  });
  const themeDisplay: unknown = Reflect.get(Object(window.Liferay), 'ThemeDisplay');
  return {
    themeDisplay: ['getCompanyId', 'getScopeGroupId', 'getLanguageId'].map((getter) => {
      const method: unknown = Reflect.get(Object(themeDisplay), getter);
      return typeof method === 'function' ? method() : 'no such getter';
    }),
    settings: window.partnersNetworkSettings,
  };
}

/** Which preload a window of this width fetches: their media ranges, read back. */
function preloadsFor(width: number): string[] {
  const links = [
    ...page.matchAll(
      /<link rel="preload" as="image" href="([^"]+)"(?: media="([^"]+)")? fetchpriority="high">/g,
    ),
  ];
  return links
    .filter(([, , media]) => {
      if (media === undefined) return true;
      const range = /^\((?:(\d+)px < )?width (<=|>) (\d+)px\)$/.exec(media);
      if (!range) throw new Error(`unexpected media ${media}`);
      const [, lower, op, bound] = range;
      if (lower !== undefined && !(width > Number(lower))) return false;
      return op === '<=' ? width <= Number(bound) : width > Number(bound);
    })
    .map(([, href]) => href ?? '');
}

describe('the portal page', () => {
  it('has a meta description', () => {
    expect(page).toMatch(/<meta name="description" content="[^"]{50,}">/);
  });

  it.each([
    [360, '/demo/images/hero-540.svg'],
    [540, '/demo/images/hero-540.svg'],
    [541, '/demo/images/hero-1023.svg'],
    [1023, '/demo/images/hero-1023.svg'],
    [1440, '/demo/images/hero-1919.svg'],
    [2560, '/demo/images/hero-1920.svg'],
  ])('preloads exactly the background picture a %i px window shows', (width, picture) => {
    expect(preloadsFor(width)).toEqual([picture]);
    // The widget's <picture> takes the first source whose max-width fits: the same one.
    const chosen = [...DEMO_BACKGROUND.sources]
      .sort((a, b) => a.maxWidth - b.maxWidth)
      .find((source) => width <= source.maxWidth);
    expect(chosen?.url ?? DEMO_BACKGROUND.defaultUrl).toBe(picture);
  });

  it('blocks its first paint on no request: the stylesheet inline (allowed by its hash), portal.js deferred', () => {
    expect(page).not.toContain('rel="stylesheet"');
    expect(page).toContain('<script defer src="/demo/portal.js"></script>');
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? '';
    expect(style).toContain('.portal-header');
    const hash = createHash('sha256').update(style).digest('base64');
    expect(CONTENT_SECURITY_POLICY).toContain(`'sha256-${hash}'`);
    // portal.js runs before the widget's module script: both are deferred, in page order.
    expect(page.indexOf('/demo/portal.js')).toBeLessThan(
      page.indexOf('/widget/partners-network-x.js'),
    );
  });

  it('does not preload the picture on a page without the widget', () => {
    const partner = renderPartnerPage({
      languageId: 'en_US',
      companyId: '1',
      scopeGroupId: '2',
      slug: 'a-b',
      query: '',
    });
    expect(partner).not.toContain('rel="preload"');
  });

  it('gives the widget the ids and language the page states: portal.js spells none of them', () => {
    const other = renderPortalPage({
      languageId: 'de_DE',
      widgetScript: '/widget/partners-network-x.js',
      companyId: '777',
      scopeGroupId: '888',
      title: 'Partners',
      body: '',
    });
    // The <html> element's data attributes, as the browser's dataset reads them.
    const tag = /<html[^>]*>/.exec(other)?.[0] ?? '';
    const dataset = Object.fromEntries(
      [...tag.matchAll(/ data-([a-z-]+)="([^"]*)"/g)].map(([, name = '', value = '']) => [
        name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()),
        value.replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
      ]),
    );
    const stated = runPortalScript(dataset);
    expect(stated.themeDisplay).toEqual(['777', '888', 'de_DE']);
    expect(stated.settings).toEqual({
      backButtonUrl: '/',
      searchSectionBackgroundImageFriendlyUrl: DEMO_BACKGROUND,
    });
    // Without the attributes it has no ids or language of its own to fall back on.
    expect(runPortalScript({}).themeDisplay).toEqual([undefined, undefined, undefined]);
  });
});
