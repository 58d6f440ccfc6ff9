/**
 * The location field's translator, in the page's language: en-US travels with the field's
 * chunk, every other language is a chunk of its own requested when the field wakes. A
 * catalogue that fails to load gives en-US (with the error in the console).
 */
import { createTranslator } from '../createTranslator';
import type { Translator } from '../createTranslator';
import { chunkTranslatorLoader } from '../loadChunkTranslator';
import enUS from './en-US';
import type { NearCatalogue, NearMessageId } from './en-US';
import type { LanguageChunks } from '../catalogueLanguages';

type CatalogueModule = Promise<{ default: NearCatalogue }>;

/** The languages of the page's catalogues but en-US (the list: ../catalogueLanguages.ts). */
export const NEAR_CATALOGUES: Readonly<Record<string, () => CatalogueModule>> = {
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
} satisfies LanguageChunks<{ default: NearCatalogue }>;

export type NearTranslator = Translator<NearMessageId>;

export const EN_US_NEAR = createTranslator(enUS, 'en-US');

/** The field's translator; an operator's `near.` ids replace its texts. */
export const loadNearTranslator = chunkTranslatorLoader(NEAR_CATALOGUES, enUS, 'location', 'near.');
