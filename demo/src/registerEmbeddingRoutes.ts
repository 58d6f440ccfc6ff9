/**
 * Pages that show how the widget embeds outside the portal page at `/`, for the
 * browser tests and for operators to look at:
 * - `/embedding/plain`: a plain HTML page, no Liferay: the element's attributes give
 *   everything (`?script=0` leaves the widget's script out, `?theme=1` adds a theme);
 * - `/embedding/hostile`: the portal page with a stylesheet that styles everything
 *   globally and aims at class names a host could guess, the sources' and the page
 *   script's short ones (`?hostile=0` without it, `?widget=0` without the widget);
 * - `/embedding/two`: two independent elements; the second keeps its state in memory.
 * Every page is served like `/`: strict Content-Security-Policy, XSRF-TOKEN cookie.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, renderLayout } from './renderPortalPage';
import { readWidgetScriptPath } from './readWidgetScriptPath';

/** The demo's Liferay.authToken on these pages; the browser tests look for it in x-csrf-token. */
export const EMBEDDING_AUTH_TOKEN = 'pn-demo-auth-token';

export interface EmbeddingRoutesOptions {
  widgetDist: string;
  companyId: string;
  scopeGroupId: string;
  /** Sends an HTML page the way `/` is sent (headers, cookie). */
  sendPage(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply;
}

function flag(request: FastifyRequest, name: string): string | null {
  return new URL(request.url, 'http://demo.invalid').searchParams.get(name);
}

const HOST_SAMPLE = `<aside class="host-sample" data-testid="host-sample" aria-label="Host page elements">
  <div class="pn-root pn-hero">
    <h2 class="pn-search__title">Host heading</h2>
    <p class="pn-card">A host paragraph with the widget's card class.</p>
    <label class="pn-label">Host field <input class="pn-input" value="host text"></label>
    <button type="button" class="pn-button pn-button--primary">Host button</button>
    <a class="pn-back-link" href="/">Host link</a>
    <img class="pn-card__img" src="/demo/favicon.svg" alt="Host picture" width="32" height="32">
    <p class="a b">A host paragraph with the page script's short class names.</p>
  </div>
</aside>`;

export function registerEmbeddingRoutes(
  app: FastifyInstance,
  options: EmbeddingRoutesOptions,
): void {
  const { widgetDist, companyId, scopeGroupId, sendPage } = options;

  function scriptTag(): string | null {
    const script = readWidgetScriptPath(widgetDist);
    return script && `<script type="module" src="${escapeHtml(script)}"></script>`;
  }

  function notBuilt(reply: FastifyReply): FastifyReply {
    return reply.code(503).type('text/plain; charset=utf-8').send('Run `npm run build` first.');
  }

  app.get('/embedding/plain', async (request, reply) => {
    const script = readWidgetScriptPath(widgetDist);
    if (!script) return notBuilt(reply);
    const withScript = flag(request, 'script') !== '0';
    const theme = flag(request, 'theme') === '1';
    const html = `<!doctype html>
<html lang="en" data-widget-script="${escapeHtml(script)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partners - a plain page</title>
<link rel="icon" href="/demo/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/demo/plain.css">
${theme ? '<link rel="stylesheet" href="/demo/theme-example.css">' : ''}
${withScript ? `<script type="module" src="${escapeHtml(script)}"></script>` : ''}
</head>
<body>
<h1 class="plain-title">A plain website</h1>
<partners-network-search
  company-id="${escapeHtml(companyId)}"
  scope-group-id="${escapeHtml(scopeGroupId)}"
  language-id="en_US"
  back-button-url="/embedding/plain"
  background-url="/demo/images/hero-1920.svg"
  background-sources="/demo/images/hero-540.svg 540w, /demo/images/hero-1023.svg 1023w, /demo/images/hero-1919.svg 1919w"
></partners-network-search>
</body>
</html>
`;
    return sendPage(request, reply, html);
  });

  app.get('/embedding/hostile', async (request, reply) => {
    const script = scriptTag();
    if (!script) return notBuilt(reply);
    const hostile = flag(request, 'hostile') !== '0';
    const widget = flag(request, 'widget') !== '0';
    const html = renderLayout({
      languageId: 'en_US',
      companyId,
      scopeGroupId,
      authToken: EMBEDDING_AUTH_TOKEN,
      title: 'Partners on a hostile page',
      preloadBackground: widget,
      head: [
        '<link rel="stylesheet" href="/demo/embedding.css">',
        hostile ? '<link rel="stylesheet" href="/demo/hostile.css">' : '',
        widget ? script : '',
      ].join('\n'),
      body: `${HOST_SAMPLE}
<div class="embed-slot">${widget ? '<partners-network-search></partners-network-search>' : ''}</div>`,
    });
    return sendPage(request, reply, html);
  });

  app.get('/embedding/two', async (request, reply) => {
    const script = scriptTag();
    if (!script) return notBuilt(reply);
    const html = renderLayout({
      languageId: 'en_US',
      companyId,
      scopeGroupId,
      authToken: EMBEDDING_AUTH_TOKEN,
      title: 'Two directories',
      preloadBackground: true,
      head: `<link rel="stylesheet" href="/demo/embedding.css">\n${script}`,
      body: `<section class="embed-slot" aria-label="Directory">
<partners-network-search></partners-network-search>
</section>
<section class="embed-slot" aria-label="Annuaire">
<partners-network-search url-state="memory" language-id="fr_FR"></partners-network-search>
</section>`,
    });
    return sendPage(request, reply, html);
  });
}
