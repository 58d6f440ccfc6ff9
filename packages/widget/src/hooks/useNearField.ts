/**
 * The location field's behaviour (issue 25): the suggestions of the places call for the
 * typed text (debounced, the stale ones aborted), the combobox's keys, "Use my location"
 * and what it says, the radius and the order. Part of the field's chunk.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { findLocationTextProblem } from '@partners-network/contract';
import type { Place } from '@partners-network/contract';
import { EN_US_NEAR, loadNearTranslator } from '../core/i18n/near/loadNearTranslator';
import type { NearTranslator } from '../core/i18n/near/loadNearTranslator';
import { logWarning } from '../core/log';
import type { TextCode } from '../core/logTexts';
import { createFetchPlaces } from '../core/near/fetchPlaces';
import type { FetchPlaces } from '../core/near/fetchPlaces';
import { locateVisitor } from '../core/near/locateVisitor';
import type { LocateFailure } from '../core/near/locateVisitor';
import type { Located } from '../core/types';

/** Typing pauses this long before the places call: one request per word, not per key. */
export const PLACES_DEBOUNCE_MS = 150;

export interface UseNearFieldOptions {
  located: Located;
  onLocate: (located: Located) => void;
  /** The page catalogue's language (the page root's `lang`). */
  lang: string;
  fetchPlaces: FetchPlaces;
  geolocation?: Geolocation;
  /** The visitor pressed "Use my location" before the chunk came: ask at once. */
  locateAtOnce?: boolean;
  /** The portal's language tag: the operator's replacements for a language are picked by it. */
  locale?: string;
  /** The operator's messages given to the page (their `near.` ids replace the field's). */
  messages?: unknown;
}

export type LocateStatus = '' | 'locating' | LocateFailure;

export function useNearField({
  located,
  onLocate,
  lang,
  fetchPlaces,
  geolocation,
  locateAtOnce = false,
  locale = lang,
  messages,
}: UseNearFieldOptions) {
  const [translator, setTranslator] = useState<NearTranslator>(EN_US_NEAR);
  const [text, setText] = useState(located.near?.label ?? '');
  const [found, setFound] = useState<{ text: string; places: Place[] }>({ text: '', places: [] });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<LocateStatus>('');
  const problem = findLocationTextProblem(text);
  const query = text.trim();

  useEffect(() => {
    let current = true;
    void loadNearTranslator(lang, locale, messages).then(
      (loaded) => current && setTranslator(loaded),
    );
    return () => {
      current = false;
    };
  }, [lang, locale, messages]);

  useEffect(() => {
    if (!open || problem !== null || query === '') return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      fetchPlaces(query, abort.signal).then(
        (places) => setFound({ text: query, places }),
        (error: unknown) => {
          if (!abort.signal.aborted)
            logWarning([33 satisfies TextCode<'nearNoSuggestions'>], error);
        },
      );
    }, PLACES_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [open, problem, query, fetchPlaces]);

  // Only the answer to what the field says now: never the cities of an older text.
  const answered = open && problem === null && query !== '' && found.text === query;
  const suggestions = answered ? found.places : [];

  function type(value: string) {
    setText(value);
    setOpen(true);
    setActive(-1);
  }

  function choose(place: Place | undefined) {
    if (!place) return;
    setText(place.name);
    setOpen(false);
    setActive(-1);
    setStatus('');
    const { latitude, longitude, name } = place;
    onLocate({ ...located, near: { latitude, longitude, label: name } });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = suggestions.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const down = event.key === 'ArrowDown';
      if (last >= 0)
        setActive(down ? (active >= last ? 0 : active + 1) : active <= 0 ? last : active - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (open) choose(suggestions[Math.max(active, 0)]);
    } else if (event.key === 'Escape') {
      // Escape closes the list; a second one empties the field (the point stays).
      if (open) setOpen(false);
      else setText('');
      setActive(-1);
    }
  }

  function locate() {
    setStatus('locating');
    locateVisitor(geolocation).then(
      (position) => {
        const label = translator.t('myLocation');
        setStatus('');
        setText(label);
        setOpen(false);
        onLocate({ ...located, near: { ...position, label } });
      },
      // Refused or failed: say so, change nothing else.
      (why: LocateFailure) => setStatus(why),
    );
  }

  // Once per mount, even when StrictMode runs effects twice.
  const locatedAtOnce = useRef(false);
  useEffect(() => {
    if (!locateAtOnce || locatedAtOnce.current) return;
    locatedAtOnce.current = true;
    locate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the click that loaded the chunk
  }, []);

  function clear() {
    setText('');
    setStatus('');
    onLocate({});
  }

  return {
    t: translator.t,
    text,
    type,
    problem,
    open,
    /** The places call answered what the field says now: the list shows. */
    answered,
    close: () => setOpen(false),
    suggestions,
    active,
    choose: (index: number) => choose(suggestions[index]),
    handleKeyDown,
    status,
    locate,
    clear,
  };
}

/** The places call of this portal, made once per field. */
export function useFetchPlaces(options: Parameters<typeof createFetchPlaces>[0]): FetchPlaces {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the portal is fixed for a mount
  return useMemo(() => createFetchPlaces(options), []);
}
