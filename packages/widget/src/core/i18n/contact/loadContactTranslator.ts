/**
 * The contact dialog's translator, in the page's language: en-US travels with the dialog's
 * chunk, every other language is a chunk of its own requested when the dialog opens. A
 * catalogue that fails to load gives en-US (with the error in the console).
 */
import type { Translator } from '../createTranslator';
import { chunkTranslatorLoader } from '../loadChunkTranslator';
import enUS from './en-US';
import type { ContactCatalogue, ContactMessageId } from './en-US';
import type { LanguageChunks } from '../catalogueLanguages';

type CatalogueModule = Promise<{ default: ContactCatalogue }>;

/** The languages of the page's catalogues but en-US (the list: ../catalogueLanguages.ts). */
export const CONTACT_CATALOGUES: Readonly<Record<string, () => CatalogueModule>> = {
  'ar-SA': () => import('./ar-SA'),
  'ca-ES': () => import('./ca-ES'),
  'de-DE': () => import('./de-DE'),
  'es-ES': () => import('./es-ES'),
  'fi-FI': () => import('./fi-FI'),
  'fr-FR': () => import('./fr-FR'),
  'hu-HU': () => import('./hu-HU'),
  'ja-JP': () => import('./ja-JP'),
  'nl-NL': () => import('./nl-NL'),
  'pt-BR': () => import('./pt-BR'),
  'sv-SE': () => import('./sv-SE'),
  'zh-CN': () => import('./zh-CN'),
} satisfies LanguageChunks<{ default: ContactCatalogue }>;

export type ContactTranslator = Translator<ContactMessageId>;

/** The dialog's translator; an operator's `contact.` ids replace its texts. */
export const loadContactTranslator = chunkTranslatorLoader(
  CONTACT_CATALOGUES,
  enUS,
  'contact',
  'contact.',
);
