/** The demo portal page: a Liferay-like page whose content column holds the widget. */

export const DEMO_LANGUAGES = [
  { id: 'en_US', label: 'English', lang: 'en-US' },
  { id: 'fr_FR', label: 'Français', lang: 'fr-FR' },
  { id: 'de_DE', label: 'Deutsch', lang: 'de-DE' },
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
}

/** The portal's page around any content: header, language switch, main column, footer. */
export function renderLayout(options: LayoutOptions): string {
  const language = DEMO_LANGUAGES.find((entry) => entry.id === options.languageId);
  const languageLinks = DEMO_LANGUAGES.map(
    (entry) =>
      `<li><a data-language-switch href="/?languageId=${entry.id}" lang="${entry.lang}"` +
      `${entry.id === options.languageId ? ' aria-current="true"' : ''}>${entry.label}</a></li>`,
  ).join('');
  return `<!doctype html>
<html lang="${language?.lang ?? 'en-US'}" data-language-id="${escapeHtml(options.languageId)}" data-company-id="${escapeHtml(options.companyId)}" data-scope-group-id="${escapeHtml(options.scopeGroupId)}"${options.authToken ? ` data-auth-token="${escapeHtml(options.authToken)}"` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)} - Acme Portal</title>
<link rel="icon" href="/demo/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/demo/portal.css">
<script src="/demo/portal.js"></script>
${options.head}
</head>
<body>
<header class="portal-header">
  <a class="portal-brand" href="/">Acme Portal</a>
  <nav class="portal-nav" aria-label="Site pages">
    <ul>
      <li><a href="/">Home</a></li>
      <li><a href="/#/search" aria-current="page">Partners</a></li>
    </ul>
  </nav>
  <nav aria-label="Language">
    <ul class="portal-languages">${languageLinks}</ul>
  </nav>
</header>
<main class="portal-main" id="content">
${options.body}
</main>
<footer class="portal-footer">Acme Portal demo page. Partners Network is embedded above.</footer>
</body>
</html>
`;
}

export function renderPortalPage(options: PortalPageOptions): string {
  return renderLayout({
    ...options,
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
