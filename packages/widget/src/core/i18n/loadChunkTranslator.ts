/**
 * A chunk's own messages (the contact dialog's, the location field's): en-US travels with
 * the chunk, every other language is a chunk of its own, requested when the part first
 * shows. A catalogue that fails to load gives en-US (with the error in the console).
 */
import { logError } from '../log';
import type { TextCode } from '../logTexts';
import { createTranslator } from './createTranslator';
import type { Translator } from './createTranslator';
import type { Message } from './catalogues/en-US';

export type ChunkCatalogues<Id extends string> = Readonly<
  Record<string, () => Promise<{ default: Readonly<Record<Id, Message>> }>>
>;

/** The operator's messages a part takes its replacements from: its ids behind `prefix`. */
export interface OperatorMessages {
  /** The element's `messages` (or mount()'s option); undefined when none were given. */
  messages: unknown;
  /** The portal's language tag (`fr-CA`): a language's replacements are picked by it. */
  locale: string;
  /** `contact.`, `near.`: the part's ids among the operator's keys. */
  prefix: string;
  win?: Window;
}

/** `window.partnersNetworkSettings.messages`, unparsed; undefined when there is none. */
function settingsMessages(win: Window): unknown {
  const settings: unknown = Reflect.get(win, 'partnersNetworkSettings');
  return typeof settings === 'object' && settings !== null
    ? Reflect.get(settings, 'messages')
    : undefined;
}

/**
 * The part's replacements from the operator's messages (over the settings' like the
 * page's), parsed by the overrides parser's chunk; undefined when there are none.
 */
function operatorOverrides<Id extends string>(
  operator: OperatorMessages,
  enUS: Readonly<Record<Id, Message>>,
  lang: string,
  what: string,
): Promise<Partial<Record<Id, Message>> | undefined> | undefined {
  const { messages, locale, prefix, win = window } = operator;
  const fromSettings = settingsMessages(win);
  if (fromSettings === undefined && messages === undefined) return undefined;
  return import('./parseMessageOverrides').then(
    (parser) => parser.overridesOf(fromSettings, messages, enUS, lang, locale, prefix),
    (error: unknown) => {
      void logError([42 satisfies TextCode<'operatorMessagesNotLoaded'>, what], error);
      return undefined;
    },
  );
}

/**
 * `lang`: the page catalogue's tag (the page root's `lang`); `what` names the part in the
 * console; `operator`: where the operator's replacements for the part's messages come from.
 */
export async function loadChunkTranslator<Id extends string>(
  lang: string,
  catalogues: ChunkCatalogues<Id>,
  enUS: Readonly<Record<Id, Message>>,
  what: string,
  operator?: OperatorMessages,
): Promise<Translator<Id>> {
  const overrides = operator && operatorOverrides(operator, enUS, lang, what);
  const load = catalogues[lang];
  let catalogue = enUS;
  let tag = 'en-US';
  if (load) {
    try {
      catalogue = (await load()).default;
      tag = lang;
    } catch (error) {
      void logError([41 satisfies TextCode<'messagesNotLoaded'>, what], error);
    }
  }
  return createTranslator(catalogue, tag, tag, await overrides);
}

/**
 * A part's loader: `(lang, locale, messages)` gives its translator in the page's language
 * (`lang`: the page root's `lang`; `locale`: the portal's language), with the operator's
 * replacements behind `prefix` from `messages` (the element's, or mount()'s option) over
 * `window.partnersNetworkSettings.messages`, like the page's.
 */
export function chunkTranslatorLoader<Id extends string>(
  catalogues: ChunkCatalogues<Id>,
  enUS: Readonly<Record<Id, Message>>,
  what: string,
  prefix: string,
) {
  return (lang: string, locale = lang, messages?: unknown, win: Window = window) =>
    loadChunkTranslator(lang, catalogues, enUS, what, { messages, locale, prefix, win });
}
