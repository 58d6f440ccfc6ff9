/**
 * The titles of the partners a tuning names by slug: those found by the picker are remembered
 * as they are found; any other (a tuning loaded from the server) is read once with GET
 * …/partners/{slug}. A slug no partner has any more reads as null.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Scope } from '@partners-network/contract';
import type { AdminClient } from '../../core/createAdminClient';
import { AdminApiError } from '../../core/createAdminClient';
import { titleOf } from '../../core/partnerDraft';
import type { TuningDraft } from '../../core/tuningDraft';

export interface PartnerTitles {
  /** The partner's title; null: no such partner; undefined: not known yet. */
  of(slug: string): string | null | undefined;
  remember(slug: string, title: string): void;
}

export function usePartnerTitles(
  client: AdminClient,
  site: Scope,
  draft: TuningDraft,
): PartnerTitles {
  const [titles, setTitles] = useState<ReadonlyMap<string, string | null>>(new Map());
  const asked = useRef(new Set<string>());
  const slugs = draft.queryRules.flatMap((rule) => [...rule.pinned, ...rule.hidden]);
  const wanted = [...new Set(slugs.filter((slug) => !titles.has(slug)))].join(' ');

  useEffect(() => {
    if (wanted === '') return;
    for (const slug of wanted.split(' ')) {
      if (asked.current.has(slug)) continue;
      asked.current.add(slug);
      client.partner(site, slug).then(
        (partner) => setTitles((last) => new Map(last).set(slug, titleOf(partner.title, slug))),
        (error: unknown) => {
          if (error instanceof AdminApiError && error.status === 404) {
            setTitles((last) => new Map(last).set(slug, null));
          } else {
            asked.current.delete(slug);
          }
        },
      );
    }
  }, [wanted, client, site]);

  const remember = useCallback((slug: string, title: string) => {
    setTitles((last) => (last.get(slug) === title ? last : new Map(last).set(slug, title)));
  }, []);
  return { of: (slug) => titles.get(slug), remember };
}
