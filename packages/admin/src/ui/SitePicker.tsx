/**
 * Which site the console shows: a choice and an Open button when the server holds several
 * (opening another site is a new page of sorts, so it waits for the button: choosing alone
 * changes nothing), the site's name when it holds one.
 */
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import type { AdminSite, Scope } from '@partners-network/contract';
import { t } from '../core/translate';

const keyOf = (site: Scope) => JSON.stringify([site.companyId, site.scopeGroupId]);

export interface SitePickerProps {
  sites: readonly AdminSite[];
  current: Scope;
  onOpen(site: Scope): void;
}

function label({ companyId, scopeGroupId, partnerCount }: AdminSite): string {
  return partnerCount === null
    ? t('siteName', { companyId, scopeGroupId })
    : t('siteOption', { companyId, scopeGroupId, count: partnerCount });
}

export function SitePicker({ sites, current, onOpen }: SitePickerProps) {
  const id = useId();
  const [chosen, setChosen] = useState(keyOf(current));
  const [shown, setShown] = useState(keyOf(current));
  // Another site opened elsewhere (a link, back): the choice follows it.
  if (shown !== keyOf(current)) {
    setShown(keyOf(current));
    setChosen(keyOf(current));
  }
  if (sites.length < 2) {
    return (
      <p className="pn-site">
        {t('site')}: <span className="pn-site__name">{t('siteName', { ...current })}</span>
      </p>
    );
  }
  function open(event: FormEvent) {
    event.preventDefault();
    const site = sites.find((candidate) => keyOf(candidate) === chosen);
    if (site) onOpen({ companyId: site.companyId, scopeGroupId: site.scopeGroupId });
  }
  return (
    <form className="pn-site" onSubmit={open}>
      <label htmlFor={id}>{t('site')}</label>
      <select id={id} value={chosen} onChange={(event) => setChosen(event.target.value)}>
        {sites.map((site) => (
          <option key={keyOf(site)} value={keyOf(site)}>
            {label(site)}
          </option>
        ))}
      </select>
      <button type="submit" className="pn-button">
        {t('openSite')}
      </button>
    </form>
  );
}
