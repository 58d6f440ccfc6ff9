/**
 * A chunk's own messages (the contact dialog's, the location field's): en-US travels with
 * the chunk, every other language is a chunk of its own, requested when the part first
 * shows. A catalogue that fails to load gives en-US (with the error in the console).
 */
import { logError } from '../log';
import { createTranslator } from './createTranslator';
import type { Translator } from './createTranslator';
import type { Message } from './catalogues/en-US';

export type ChunkCatalogues<Id extends string> = Readonly<
  Record<string, () => Promise<{ default: Readonly<Record<Id, Message>> }>>
>;

/**
 * `lang`: the page catalogue's tag (the page root's `lang`); `what` names the part in the
 * console; `overrides`: the operator's replacements for the part's messages, when given.
 */
export async function loadChunkTranslator<Id extends string>(
  lang: string,
  catalogues: ChunkCatalogues<Id>,
  enUS: Readonly<Record<Id, Message>>,
  what: string,
  overrides?: Promise<Partial<Record<Id, Message>> | undefined>,
): Promise<Translator<Id>> {
  const load = catalogues[lang];
  let catalogue = enUS;
  let tag = 'en-US';
  if (load) {
    try {
      catalogue = (await load()).default;
      tag = lang;
    } catch (error) {
      logError(`${what} messages not loaded, showing en-US:`, error);
    }
  }
  return createTranslator(catalogue, tag, tag, await overrides);
}
