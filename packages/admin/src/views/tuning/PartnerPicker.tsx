/**
 * Finds partners of the site by words of their title or slug (GET …/partners, the table's
 * search) and offers to pin or hide each for a rule. Searched after a pause in typing; the
 * count is a status, so a screen reader hears what was found. Pin and Hide are toggle
 * buttons (`aria-pressed`): pressed again, the partner leaves that list.
 */
import { useEffect, useId, useState } from 'react';
import type { Scope } from '@partners-network/contract';
import type { AdminClient } from '../../core/createAdminClient';
import { titleOf } from '../../core/partnerDraft';
import type { RuleDraft } from '../../core/tuningDraft';
import { t } from '../../core/translate';
import { useResource } from '../../core/useResource';

const PAUSE_MS = 300;
const SHOWN = 8;

export interface PartnerPickerProps {
  /** The search field's id (the error summary sends the focus there). */
  id: string;
  site: Scope;
  client: AdminClient;
  rule: RuleDraft;
  onFound(slug: string, title: string): void;
  /** Pins or hides a partner (on), or takes it out of that list (off). */
  onPlace(slug: string, where: 'pinned' | 'hidden', on: boolean): void;
}

export function PartnerPicker({ id, site, client, rule, onFound, onPlace }: PartnerPickerProps) {
  const hintId = useId();
  const countId = useId();
  const [text, setText] = useState('');
  const [wanted, setWanted] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setWanted(text.trim()), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const query = { q: wanted, sort: 'title', order: 'asc', offset: 0, limit: SHOWN } as const;
  const found = useResource(wanted === '' ? null : wanted, (signal) =>
    client.partners(site, query, signal),
  );
  const page = wanted === '' ? undefined : found.data;
  useEffect(() => {
    for (const partner of page?.partners ?? []) {
      onFound(partner.slug, titleOf(partner.title, partner.slug));
    }
  }, [page, onFound]);

  return (
    <div className="pn-field pn-picker">
      <label htmlFor={id}>{t('findPartner')}</label>
      <p id={hintId} className="pn-hint">
        {t('findPartnerHint')}
      </p>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={200}
        aria-describedby={`${hintId} ${countId}`}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={countId} className="pn-hint" role="status">
        {page
          ? page.total === 0
            ? t('noPartnersFound', { query: wanted })
            : t('partnersFoundToPlace', { count: page.total, shown: page.partners.length })
          : null}
      </p>
      {page && page.partners.length > 0 ? (
        <ul className="pn-picker__found">
          {page.partners.map((partner) => {
            const title = titleOf(partner.title, partner.slug);
            const toggles = [
              { where: 'pinned', label: t('pin', { title }), short: t('pinShort') },
              { where: 'hidden', label: t('hide', { title }), short: t('hideShort') },
            ] as const;
            return (
              <li key={partner.slug}>
                <span className="pn-tuning__name">
                  {title} <span className="pn-slug">{partner.slug}</span>
                </span>
                <span className="pn-tuning__moves">
                  {toggles.map((toggle) => {
                    const on = rule[toggle.where].includes(partner.slug);
                    return (
                      <button
                        key={toggle.where}
                        type="button"
                        className="pn-button pn-button--small"
                        aria-pressed={on}
                        aria-label={toggle.label}
                        onClick={() => onPlace(partner.slug, toggle.where, !on)}
                      >
                        {toggle.short}
                      </button>
                    );
                  })}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
