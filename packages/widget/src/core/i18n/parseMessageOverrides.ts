/**
 * Operators' replacements for the page's messages, from the element's `messages`
 * attribute or property and from `window.partnersNetworkSettings.messages`:
 *
 *   { "loadMore": "Show more partners",              <- every language
 *     "fr": { "loadMore": "Voir plus de partenaires" }, <- French, any region
 *     "ar-SA": { "added": { "one": "…", "other": "…" } } }
 *
 * Loaded as a chunk of its own, only when a page gives messages (loadTranslator).
 * Outside data: a key that is neither a message id nor a language tag, a text that is
 * not a string (or plural forms of strings with `other`), longer than 1000 characters
 * or with a `{placeholder}` the message does not have, is dropped with one console
 * warning that names it. Texts stay text (React escapes them), never HTML.
 */
import { logWarning } from '../log';
import type { Catalogue, Message, MessageId } from './catalogues/en-US';
import type { MessageOverrides } from './createTranslator';
import { placeholdersOf } from './placeholdersOf';

export interface ParsedMessageOverrides {
  /** For every language. */
  all: MessageOverrides;
  /** By lower-case language tag (`fr`, `fr-fr`). */
  languages: ReadonlyMap<string, MessageOverrides>;
}

export const NO_MESSAGE_OVERRIDES: ParsedMessageOverrides = { all: {}, languages: new Map() };

const MAX_LENGTH = 1000;
const PLURAL_FORMS = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
const LANGUAGE_TAG = /^[a-z]{2,3}([-_][a-z0-9]{2,8})*$/i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The message an operator gave for `id`, or null with the reason in `problems`. */
function parseMessage(
  enUS: Catalogue,
  id: MessageId,
  value: unknown,
  problems: string[],
): Message | null {
  let message: Message;
  if (typeof value === 'string') {
    message = value;
  } else if (isRecord(value) && typeof value.other === 'string') {
    const forms: Record<string, string> & { other: string } = { other: value.other };
    for (const [form, text] of Object.entries(value)) {
      if (!PLURAL_FORMS.has(form) || typeof text !== 'string') {
        problems.push(`${id}.${form} is not the text of a plural form`);
        return null;
      }
      forms[form] = text;
    }
    message = forms;
  } else {
    problems.push(`${id} is neither a text nor plural forms with "other"`);
    return null;
  }
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  if (texts.some((text) => text.length > MAX_LENGTH)) {
    problems.push(`${id} is longer than ${MAX_LENGTH} characters`);
    return null;
  }
  const allowed = new Set(placeholdersOf(enUS[id]));
  const unknown = placeholdersOf(message).filter((name) => !allowed.has(name));
  if (unknown.length > 0) {
    problems.push(`${id} has placeholders the message does not have: {${unknown.join('}, {')}}`);
    return null;
  }
  return message;
}

function isMessageId(enUS: Catalogue, key: string): key is MessageId {
  return Object.hasOwn(enUS, key);
}

/** Message ids of one object; other keys are problems, or (top level) language tags. */
function parseMessages(
  enUS: Catalogue,
  value: Record<string, unknown>,
  where: string,
  problems: string[],
  onOtherKey: (key: string, value: unknown) => boolean,
): MessageOverrides {
  const messages: MessageOverrides = {};
  for (const [key, item] of Object.entries(value)) {
    if (isMessageId(enUS, key)) {
      const message = parseMessage(enUS, key, item, problems);
      if (message !== null) messages[key] = message;
    } else if (!onOtherKey(key, item)) {
      problems.push(`${where}"${key}" is neither a message id nor a language tag`);
    }
  }
  return messages;
}

/**
 * Parses the operator's messages (already JSON-parsed, or the object a page set)
 * against the en-US catalogue (passed in, so this chunk imports nothing from the page
 * script). `source` names where they came from in the warning.
 */
export function parseMessageOverrides(
  value: unknown,
  source: string,
  enUS: Catalogue,
): ParsedMessageOverrides {
  if (value === undefined || value === null) return NO_MESSAGE_OVERRIDES;
  const problems: string[] = [];
  const languages = new Map<string, MessageOverrides>();
  let all: MessageOverrides = {};
  if (isRecord(value)) {
    all = parseMessages(enUS, value, '', problems, (key, item) => {
      if (!LANGUAGE_TAG.test(key) || !isRecord(item)) return false;
      const tag = key.replace(/_/g, '-').toLowerCase();
      languages.set(
        tag,
        parseMessages(enUS, item, `${key}: `, problems, () => false),
      );
      return true;
    });
  } else {
    problems.push('it is not an object of message ids');
  }
  if (problems.length > 0) {
    logWarning(`ignoring messages of ${source}: ${problems.join('; ')}.`);
  }
  return { all, languages };
}

/**
 * The overrides for a catalogue (`lang`) shown to a portal language (`locale`), later
 * sources winning: for every language, then the language (`fr`), then the tag (`fr-FR`).
 */
export function pickOverrides(
  sources: readonly ParsedMessageOverrides[],
  lang: string,
  locale: string,
): MessageOverrides {
  const tags = [lang.split('-')[0] ?? '', lang, locale].map((tag) => tag.toLowerCase());
  const picked: MessageOverrides = {};
  for (const source of sources) {
    Object.assign(picked, source.all);
    for (const tag of new Set(tags)) Object.assign(picked, source.languages.get(tag));
  }
  return picked;
}

/**
 * The overrides a page gives for a catalogue (`lang`) shown to a portal language
 * (`locale`): `window.partnersNetworkSettings.messages`, then the element's, which win.
 */
export function overridesOf(
  fromSettings: unknown,
  fromElement: unknown,
  enUS: Catalogue,
  lang: string,
  locale: string,
): MessageOverrides {
  return pickOverrides(
    [
      parseMessageOverrides(fromSettings, 'window.partnersNetworkSettings.messages', enUS),
      parseMessageOverrides(fromElement, 'the element', enUS),
    ],
    lang,
    locale,
  );
}
