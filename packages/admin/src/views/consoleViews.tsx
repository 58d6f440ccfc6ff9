/**
 * The console's views: what the navigation lists and which component shows each route.
 * A view is a section, its routes in core/route.ts and a component, with nothing else
 * to change.
 */
import type { ReactNode } from 'react';
import type { Scope } from '@partners-network/contract';
import type { AdminClient } from '../core/createAdminClient';
import type { MessageId } from '../core/messages';
import type { Route } from '../core/route';
import { DEFAULT_INSIGHTS, DEFAULT_LIST, formatRoute } from '../core/route';
import type { Navigate } from '../core/useHashRoute';
import { ImportView } from './ImportView';
import { InsightsView } from './InsightsView';
import { PartnerFormView } from './PartnerFormView';
import { PartnersView } from './PartnersView';
import { TuningView } from './TuningView';

/** What every view gets from the shell. */
export interface ViewContext {
  client: AdminClient;
  navigate: Navigate;
  /** Says what just happened, in the console's live region. */
  notify(text: string): void;
}

export type Section = 'partners' | 'import' | 'tuning' | 'insights';

export interface ConsoleView {
  section: Section;
  label: MessageId;
  href(site: Scope): string;
}

export const CONSOLE_VIEWS: readonly ConsoleView[] = [
  {
    section: 'partners',
    label: 'viewPartners',
    href: (site) => formatRoute({ view: 'partners', site, list: DEFAULT_LIST }),
  },
  { section: 'import', label: 'viewImport', href: (site) => formatRoute({ view: 'import', site }) },
  { section: 'tuning', label: 'viewTuning', href: (site) => formatRoute({ view: 'tuning', site }) },
  {
    section: 'insights',
    label: 'viewInsights',
    href: (site) => formatRoute({ view: 'insights', site, insights: DEFAULT_INSIGHTS }),
  },
];

/** The navigation entry a route belongs to (editing a partner is under Partners). */
export function sectionOf(view: Route['view']): Section | undefined {
  switch (view) {
    case 'partners':
    case 'newPartner':
    case 'editPartner':
      return 'partners';
    case 'import':
      return 'import';
    case 'tuning':
      return 'tuning';
    case 'insights':
      return 'insights';
    case 'home':
      return undefined;
  }
}

export function renderView(
  route: Exclude<Route, { view: 'home' }>,
  context: ViewContext,
): ReactNode {
  // A view is new (its state, its focus) for each site, and each partner edited.
  const site = `${route.site.companyId}\u0000${route.site.scopeGroupId}`;
  switch (route.view) {
    case 'partners':
      return <PartnersView key={site} site={route.site} list={route.list} {...context} />;
    case 'newPartner':
      return <PartnerFormView key={`${site}\u0000new`} site={route.site} {...context} />;
    case 'editPartner':
      return (
        <PartnerFormView
          key={`${site}\u0000${route.slug}`}
          site={route.site}
          slug={route.slug}
          {...context}
        />
      );
    case 'import':
      return <ImportView key={site} site={route.site} {...context} />;
    case 'tuning':
      return <TuningView key={site} site={route.site} {...context} />;
    case 'insights':
      return <InsightsView key={site} site={route.site} insights={route.insights} {...context} />;
  }
}
