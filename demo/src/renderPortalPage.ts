/** The demo portal page: a Liferay-like page whose content column holds the widget. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Liferay's 13 default languages (`locales.enabled`), each with the portal's own words
 * around the widget: what a portal page in that language says.
 */
export const DEMO_LANGUAGES = [
  {
    id: 'en_US',
    label: 'English',
    lang: 'en-US',
    dir: 'ltr',
    home: 'Home',
    partners: 'Partners',
    sitePages: 'Site pages',
    language: 'Language',
    footer: 'Acme Portal demo page. Partners Network is embedded above.',
  },
  {
    id: 'ar_SA',
    label: 'العربية',
    lang: 'ar-SA',
    dir: 'rtl',
    home: 'الرئيسية',
    partners: 'الشركاء',
    sitePages: 'صفحات الموقع',
    language: 'اللغة',
    footer: 'صفحة تجريبية لبوابة Acme. شبكة الشركاء مضمّنة أعلاه.',
  },
  {
    id: 'ca_ES',
    label: 'Català',
    lang: 'ca-ES',
    dir: 'ltr',
    home: 'Inici',
    partners: 'Socis',
    sitePages: 'Pàgines del lloc',
    language: 'Llengua',
    footer: 'Pàgina de demostració del portal Acme. La xarxa de socis hi és inserida a dalt.',
  },
  {
    id: 'zh_CN',
    label: '中文',
    lang: 'zh-CN',
    dir: 'ltr',
    home: '首页',
    partners: '合作伙伴',
    sitePages: '站点页面',
    language: '语言',
    footer: 'Acme 门户演示页面。上方嵌入了合作伙伴网络。',
  },
  {
    id: 'nl_NL',
    label: 'Nederlands',
    lang: 'nl-NL',
    dir: 'ltr',
    home: 'Home',
    partners: 'Partners',
    sitePages: 'Sitepagina’s',
    language: 'Taal',
    footer: 'Demopagina van het Acme-portaal. Het partnernetwerk staat hierboven.',
  },
  {
    id: 'fi_FI',
    label: 'Suomi',
    lang: 'fi-FI',
    dir: 'ltr',
    home: 'Etusivu',
    partners: 'Kumppanit',
    sitePages: 'Sivuston sivut',
    language: 'Kieli',
    footer: 'Acme-portaalin esittelysivu. Kumppaniverkosto on upotettu yllä.',
  },
  {
    id: 'fr_FR',
    label: 'Français',
    lang: 'fr-FR',
    dir: 'ltr',
    home: 'Accueil',
    partners: 'Partenaires',
    sitePages: 'Pages du site',
    language: 'Langue',
    footer:
      'Page de démonstration du portail Acme. Le réseau de partenaires est intégré ci-dessus.',
  },
  {
    id: 'de_DE',
    label: 'Deutsch',
    lang: 'de-DE',
    dir: 'ltr',
    home: 'Startseite',
    partners: 'Partner',
    sitePages: 'Seiten der Website',
    language: 'Sprache',
    footer: 'Demoseite des Acme-Portals. Das Partnernetzwerk ist oben eingebettet.',
  },
  {
    id: 'hu_HU',
    label: 'Magyar',
    lang: 'hu-HU',
    dir: 'ltr',
    home: 'Kezdőlap',
    partners: 'Partnerek',
    sitePages: 'Webhely oldalai',
    language: 'Nyelv',
    footer: 'Az Acme portál bemutatóoldala. A partnerhálózat fent van beágyazva.',
  },
  {
    id: 'ja_JP',
    label: '日本語',
    lang: 'ja-JP',
    dir: 'ltr',
    home: 'ホーム',
    partners: 'パートナー',
    sitePages: 'サイトのページ',
    language: '言語',
    footer: 'Acme ポータルのデモページです。パートナーネットワークは上に埋め込まれています。',
  },
  {
    id: 'pt_BR',
    label: 'Português (Brasil)',
    lang: 'pt-BR',
    dir: 'ltr',
    home: 'Início',
    partners: 'Parceiros',
    sitePages: 'Páginas do site',
    language: 'Idioma',
    footer: 'Página de demonstração do portal Acme. A rede de parceiros está incorporada acima.',
  },
  {
    id: 'es_ES',
    label: 'Español',
    lang: 'es-ES',
    dir: 'ltr',
    home: 'Inicio',
    partners: 'Socios',
    sitePages: 'Páginas del sitio',
    language: 'Idioma',
    footer: 'Página de demostración del portal Acme. La red de socios está insertada arriba.',
  },
  {
    id: 'sv_SE',
    label: 'Svenska',
    lang: 'sv-SE',
    dir: 'ltr',
    home: 'Start',
    partners: 'Partner',
    sitePages: 'Webbplatsens sidor',
    language: 'Språk',
    footer: 'Demosida för Acme-portalen. Partnernätverket är inbäddat ovan.',
  },
] as const;

export type DemoLanguageId = (typeof DEMO_LANGUAGES)[number]['id'];

export function isDemoLanguageId(value: unknown): value is DemoLanguageId {
  return DEMO_LANGUAGES.some((language) => language.id === value);
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The portal's background picture for the widget (SPEC 3's settings object): portal.js
 * gives it to the widget from the page's `data-background`, and the page preloads the one
 * the window's width picks, so the browser fetches it with the HTML, not after the script.
 */
export const DEMO_BACKGROUND = {
  defaultUrl: '/demo/images/hero-1920.svg',
  sources: [
    { url: '/demo/images/hero-540.svg', maxWidth: 540 },
    { url: '/demo/images/hero-1023.svg', maxWidth: 1023 },
    { url: '/demo/images/hero-1919.svg', maxWidth: 1919 },
  ],
};

/**
 * One `<link rel="preload">` per picture of a `<picture>` whose sources are max-widths
 * (the widget's markup), with media ranges that do not overlap: exactly one is fetched,
 * the one the widget's `<picture>` will pick, at high priority.
 */
export function backgroundPreloads(picture: typeof DEMO_BACKGROUND): string {
  const sources = [...picture.sources].sort((a, b) => a.maxWidth - b.maxWidth);
  const links: string[] = [];
  let below = 0;
  for (const source of sources) {
    const media =
      below === 0
        ? `(width <= ${source.maxWidth}px)`
        : `(${below}px < width <= ${source.maxWidth}px)`;
    links.push(
      `<link rel="preload" as="image" href="${escapeHtml(source.url)}" media="${media}" fetchpriority="high">`,
    );
    below = source.maxWidth;
  }
  links.push(
    `<link rel="preload" as="image" href="${escapeHtml(picture.defaultUrl)}"${below === 0 ? '' : ` media="(width > ${below}px)"`} fetchpriority="high">`,
  );
  return links.join('\n');
}

export interface PortalPageOptions {
  languageId: DemoLanguageId;
  /** Path of the widget's module script, from the build manifest. */
  widgetScript: string;
  companyId: string;
  scopeGroupId: string;
  title: string;
  body: string;
}

export interface LayoutOptions extends Omit<PortalPageOptions, 'widgetScript'> {
  head: string;
  /** Liferay.authToken of the page (portal.js reads it from data-auth-token). */
  authToken?: string;
  /** Whether the page preloads the widget's background picture (pages with the widget). */
  preloadBackground?: boolean;
}

/**
 * The portal's stylesheet, inlined into every page so the first paint waits for no
 * request (the page's CSP allows exactly this text by its hash); portal.js is deferred.
 */
export const PORTAL_CSS = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), '../public/portal.css'),
  'utf8',
);
export const PORTAL_CSS_HASH = `'sha256-${createHash('sha256').update(PORTAL_CSS).digest('base64')}'`;

/** The portal's page around any content: header, language switch, main column, footer. */
export function renderLayout(options: LayoutOptions): string {
  const language =
    DEMO_LANGUAGES.find((entry) => entry.id === options.languageId) ?? DEMO_LANGUAGES[0];
  const languageLinks = DEMO_LANGUAGES.map(
    (entry) =>
      `<li><a data-language-switch href="/?languageId=${entry.id}" lang="${entry.lang}"` +
      `${entry.id === options.languageId ? ' aria-current="true"' : ''}>${entry.label}</a></li>`,
  ).join('');
  return `<!doctype html>
<html lang="${language.lang}" dir="${language.dir}" data-language-id="${escapeHtml(options.languageId)}" data-company-id="${escapeHtml(options.companyId)}" data-scope-group-id="${escapeHtml(options.scopeGroupId)}"${options.authToken ? ` data-auth-token="${escapeHtml(options.authToken)}"` : ''} data-background="${escapeHtml(JSON.stringify(DEMO_BACKGROUND))}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)} - Acme Portal</title>
<meta name="description" content="Find an Acme partner: search the partner directory by name, solution, level and region.">
<link rel="icon" href="/demo/favicon.svg" type="image/svg+xml">
<style>${PORTAL_CSS}</style>
${options.preloadBackground ? backgroundPreloads(DEMO_BACKGROUND) : ''}
<script defer src="/demo/portal.js"></script>
${options.head}
</head>
<body>
<header class="portal-header">
  <a class="portal-brand" href="/">Acme Portal</a>
  <nav class="portal-nav" aria-label="${escapeHtml(language.sitePages)}">
    <ul>
      <li><a href="/">${escapeHtml(language.home)}</a></li>
      <li><a href="/#/search" aria-current="page">${escapeHtml(language.partners)}</a></li>
    </ul>
  </nav>
  <nav aria-label="${escapeHtml(language.language)}">
    <ul class="portal-languages">${languageLinks}</ul>
  </nav>
</header>
<main class="portal-main" id="content">
${options.body}
</main>
<footer class="portal-footer">${escapeHtml(language.footer)}</footer>
</body>
</html>
`;
}

export function renderPortalPage(options: PortalPageOptions): string {
  const language = DEMO_LANGUAGES.find((entry) => entry.id === options.languageId);
  return renderLayout({
    ...options,
    preloadBackground: true,
    // The portal's page title in its language ('Partners' in English).
    title: language?.partners ?? options.title,
    head: `<script type="module" src="${escapeHtml(options.widgetScript)}"></script>`,
    body: '<partners-network-search></partners-network-search>',
  });
}

export function renderPartnerPage(
  options: Omit<PortalPageOptions, 'widgetScript' | 'title' | 'body'> & {
    slug: string;
    query: string;
  },
): string {
  const name = options.slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
  return renderLayout({
    ...options,
    title: name,
    head: '',
    body: `<article class="partner-detail">
<h1>${escapeHtml(name)}</h1>
<p>This is the partner's page on the portal. The directory links here with the page's other query parameters:</p>
<p><code data-testid="partner-query">${escapeHtml(options.query)}</code></p>
<p><a href="/#/search">Back to the partner directory</a></p>
</article>`,
  });
}

/** The demo operator's privacy notice: what the contact form keeps, and for how long. */
export function renderPrivacyPage(
  options: Omit<PortalPageOptions, 'widgetScript' | 'title' | 'body'> & { retentionDays: number },
): string {
  return renderLayout({
    ...options,
    title: 'Privacy notice',
    head: '',
    body: `<article class="partner-detail">
<h1>Privacy notice</h1>
<p>When you contact a partner from the partner directory, Acme keeps your name, email address,
company (if you give one), message and the language of the page, and sends them to that
partner, who answers you by email. Nothing else about you is kept: no cookie or storage of
the browser is used for statistics, and your network address is only counted, in memory,
to limit how many messages one connection may send.</p>
<p>Your request is deleted ${escapeHtml(String(options.retentionDays))} days after it was delivered
(or given up). To have it erased sooner, write to privacy@acme.example.</p>
<p><a href="/#/search">Back to the partner directory</a></p>
</article>`,
  });
}
