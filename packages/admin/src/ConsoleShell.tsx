/**
 * The signed-in console: a header (the site and signing out), the views' navigation, the
 * view the address names, and one polite live region for what just happened ("Saved …").
 * Views are listed in views/consoleViews.tsx: a new view (Insights, Tuning) is one entry
 * there and one route in core/route.ts.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AdminSite, Scope } from '@partners-network/contract';
import { createAdminClient } from './core/createAdminClient';
import { DEFAULT_LIST } from './core/route';
import { t } from './core/translate';
import { useHashRoute } from './core/useHashRoute';
import { SitePicker } from './ui/SitePicker';
import { CONSOLE_VIEWS, renderView, sectionOf } from './views/consoleViews';

export interface ConsoleShellProps {
  token: string;
  sites: AdminSite[];
  onSignOut(): void;
  onSessionEnded(): void;
  fetch?: typeof fetch;
}

interface Notice {
  id: number;
  text: string;
}

const sameSite = (a: Scope, b: Scope) =>
  a.companyId === b.companyId && a.scopeGroupId === b.scopeGroupId;

export function ConsoleShell({
  token,
  sites,
  onSignOut,
  onSessionEnded,
  fetch,
}: ConsoleShellProps) {
  const client = useMemo(
    () => createAdminClient({ token, onUnauthorized: onSessionEnded, ...(fetch ? { fetch } : {}) }),
    [token, onSessionEnded, fetch],
  );
  const { route, navigate } = useHashRoute();
  const [notice, setNotice] = useState<Notice>({ id: 0, text: '' });
  // A new node for each notice: the same words twice are announced twice.
  const notify = useCallback((text: string) => {
    setNotice((last) => ({ id: last.id + 1, text }));
  }, []);

  const firstSite = sites[0];
  useEffect(() => {
    if (route.view === 'home' && firstSite) {
      navigate({ view: 'partners', site: firstSite, list: DEFAULT_LIST }, { replace: true });
    }
  }, [route.view, firstSite, navigate]);

  const site = route.view === 'home' ? undefined : route.site;
  const known = site ? sites.some((candidate) => sameSite(candidate, site)) : false;

  return (
    <div className="pn-console">
      <a className="pn-skip-link" href="#main" onClick={skipToMain}>
        {t('skipToContent')}
      </a>
      <header className="pn-header">
        <p className="pn-header__name">{t('appName')}</p>
        <button type="button" className="pn-button pn-header__sign-out" onClick={onSignOut}>
          {t('signOut')}
        </button>
        {site ? (
          <SitePicker
            sites={sites}
            current={site}
            onOpen={(next) => navigate({ view: 'partners', site: next, list: DEFAULT_LIST })}
          />
        ) : null}
      </header>
      {site && known ? (
        <nav className="pn-nav" aria-label={t('mainNavigation')}>
          <ul>
            {CONSOLE_VIEWS.map((view) => (
              <li key={view.section}>
                <a
                  href={view.href(site)}
                  aria-current={sectionOf(route.view) === view.section ? 'page' : undefined}
                >
                  {t(view.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <main id="main" className="pn-main" tabIndex={-1}>
        {sites.length === 0 ? <p>{t('noSites')}</p> : null}
        {site && !known ? <p>{t('unknownSite', { site: t('siteName', { ...site }) })}</p> : null}
        {route.view !== 'home' && known ? renderView(route, { client, navigate, notify }) : null}
      </main>
      <div className="pn-live" role="status" aria-live="polite">
        {notice.text === '' ? null : <p key={notice.id}>{notice.text}</p>}
      </div>
    </div>
  );
}

/** The skip link moves focus, not the address: the fragment is the console's route. */
function skipToMain(event: { preventDefault(): void }) {
  event.preventDefault();
  document.getElementById('main')?.focus();
}
