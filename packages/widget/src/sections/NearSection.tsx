/**
 * The location field wired to its behaviour (issue 25): a chunk of its own, loaded when a
 * visitor first focuses the field or presses "Use my location" (or when the address
 * already holds a point). The page script shows ui/NearStart until then.
 */
import { useContext, useLayoutEffect } from 'react';
import { radiusChoices } from '../core/near/radiusChoices';
import type { Located, PortalContext } from '../core/types';
import { useFetchPlaces, useNearField } from '../hooks/useNearField';
import { MessagesContext } from '../ui/MessagesContext';
import { NearField } from '../ui/NearField';
import type { NearWake } from '../ui/NearStart';

export { styles } from '../ui/NearField';

export interface NearSectionProps {
  located: Located;
  onLocate: (located: Located) => void;
  /** The search text: without one the server orders by distance, with one by relevance. */
  text: string;
  portal: PortalContext;
  fetch?: typeof fetch;
  /** How the visitor woke the field; '' or undefined when the address did. */
  wake?: NearWake | '';
  /** What the visitor typed in the field shown before this chunk came: it goes on here. */
  typedBefore?: () => string;
  geolocation?: Geolocation;
  /** The operator's messages given to the page (their `near.` ids replace the field's). */
  messages?: unknown;
}

const STATUS = {
  locating: 'locating',
  denied: 'locationDenied',
  failed: 'locationFailed',
} as const;

export function NearSection({
  located,
  onLocate,
  text,
  portal,
  wake,
  typedBefore,
  ...options
}: NearSectionProps) {
  const page = useContext(MessagesContext);
  const fetchPlaces = useFetchPlaces({ portal, fetch: options.fetch });
  const field = useNearField({
    located,
    onLocate,
    lang: page.lang,
    fetchPlaces,
    geolocation: options.geolocation,
    locateAtOnce: wake === 'locate',
    locale: portal.languageId.replace(/_/g, '-'),
    messages: options.messages,
  });
  const { t } = field;
  const { type } = field;
  // Once, as this replaces the field shown before: its text goes on, with its suggestions.
  // In the commit, not after the paint: a key pressed in between went to this field and was
  // then overwritten.
  useLayoutEffect(() => {
    const typed = typedBefore?.() ?? '';
    if (typed !== '') type(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handover happens once
  }, []);
  const locale = portal.languageId || 'en-US';
  const count = (n: number) => (n > 0 ? page.t('partnerCount', { count: n }, n) : '');
  const radii = radiusChoices(locale);
  return (
    <NearField
      t={t}
      label={page.t('near')}
      locateLabel={page.t('useMyLocation')}
      value={field.text}
      onChange={field.type}
      onKeyDown={field.handleKeyDown}
      onBlur={field.close}
      problem={field.problem === null ? '' : t('nearInvalid')}
      open={field.answered}
      suggestions={field.suggestions.map((place) => ({
        key: `${place.latitude},${place.longitude}`,
        name: place.name,
        country: `${page.t('listSeparator')}${place.countryName}`,
        detail: count(place.partnerCount),
      }))}
      active={field.active}
      onChoose={field.choose}
      onLocate={field.locate}
      located={located.near !== undefined}
      onClear={field.clear}
      status={field.status === '' ? '' : t(STATUS[field.status])}
      radius={String(located.radiusKm ?? '')}
      radiusChoices={[
        { value: '', label: t('anyDistance') },
        ...radii.map(({ km, label }) => ({ value: String(km), label })),
      ]}
      onRadius={(value) => onLocate({ ...located, radiusKm: value ? Number(value) : undefined })}
      sort={located.sort ?? (text ? 'relevance' : 'distance')}
      sortChoices={[
        { value: 'relevance', label: t('sortRelevance') },
        { value: 'distance', label: t('sortDistance') },
      ]}
      onSort={(sort) => onLocate({ ...located, sort })}
      autoFocus={wake === 'focus' ? 'input' : wake ? 'button' : undefined}
    />
  );
}
