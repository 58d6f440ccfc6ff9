/**
 * The page's texts, for every component below the page root: the translator of the
 * visitor's language (mount() loads it). Without a provider, en-US: a component
 * rendered on its own (tests, a host composing ui/) speaks SPEC's English.
 */
import { createContext, useContext } from 'react';
import enUS from '../core/i18n/catalogues/en-US';
import { createTranslator } from '../core/i18n/createTranslator';
import type { Translator } from '../core/i18n/createTranslator';

export const EN_US_TRANSLATOR = createTranslator(enUS, 'en-US');

export const MessagesContext = createContext<Translator>(EN_US_TRANSLATOR);

/** `t(id, values?, count?)` of the page's language. */
export function useMessages(): Translator['t'] {
  return useContext(MessagesContext).t;
}
