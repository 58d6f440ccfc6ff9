/**
 * Operators' replacements for the page's messages, from the element's `messages`
 * attribute or property and from `window.partnersNetworkSettings.messages`:
 *
 *   { "loadMore": "Show more partners",              <- every language
 *     "fr": { "loadMore": "Voir plus de partenaires" }, <- French, any region
 *     "ar-SA": { "added": { "one": "…", "other": "…" } },
 *     "contact.send": "Send request" }                  <- the contact dialog's `send`
 *
 * Each catalogue checks its own ids: the page's, and the contact dialog's (a chunk of its
 * own, core/i18n/contact/) behind `contact.` (bare, its ids would be ambiguous beside the
 * page's: the page's own `contact` is the card's button). A key with a dot is another
 * catalogue's: the page leaves it to the dialog, which checks it when it opens, and the
 * dialog leaves the page's ids alone.
 *
 * Loaded as a chunk of its own, only when a page gives messages (loadTranslator).
 * Outside data: a key that is neither a message id nor a language tag, a text that is
 * not a string (or plural forms of strings with `other`), longer than 1000 characters
 * or with a `{placeholder}` the message does not have, is dropped with one console
 * warning that names it. Texts stay text (React escapes them), never HTML.
 */
import { logWarning } from '../log';
import type { LogText, TextCode } from '../logTexts';
import type { Message, MessageId } from './catalogues/en-US';
import { placeholdersOf } from './placeholdersOf';
import { SHORT_MESSAGE_IDS } from './shortMessageIds';

type Overrides<Id extends string> = Partial<Record<Id, Message>>;

export interface ParsedMessageOverrides<Id extends string = MessageId> {
  /** For every language. */
  all: Overrides<Id>;
  /** By lower-case language tag (`fr`, `fr-fr`). */
  languages: ReadonlyMap<string, Overrides<Id>>;
}

/** The en-US texts of one catalogue, and the prefix of its ids among an operator's keys. */
interface OwnIds<Id extends string> {
  enUS: Readonly<Record<Id, Message>>;
  /** '' for the page's catalogue, `contact.` for the dialog's. */
  prefix: string;
}

const MAX_LENGTH = 1000;
const PLURAL_FORMS = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
const LANGUAGE_TAG = /^[a-z]{2,3}([-_][a-z0-9]{2,8})*$/i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The message an operator gave for `id` (written `key`, which the warnings name), or null
 * with the reason in `problems`.
 */
function parseMessage<Id extends string>(
  enUS: Readonly<Record<Id, Message>>,
  id: Id,
  key: string,
  value: unknown,
  problems: LogText[],
): Message | null {
  let message: Message;
  if (typeof value === 'string') {
    message = value;
  } else if (isRecord(value) && typeof value.other === 'string') {
    const forms: Record<string, string> & { other: string } = { other: value.other };
    for (const [form, text] of Object.entries(value)) {
      if (!PLURAL_FORMS.has(form) || typeof text !== 'string') {
        problems.push([27 satisfies TextCode<'messagePluralForm'>, key, form]);
        return null;
      }
      forms[form] = text;
    }
    message = forms;
  } else {
    problems.push([28 satisfies TextCode<'messageNotAText'>, key]);
    return null;
  }
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  if (texts.some((text) => text.length > MAX_LENGTH)) {
    problems.push([29 satisfies TextCode<'messageTooLong'>, key, MAX_LENGTH]);
    return null;
  }
  const allowed = new Set(placeholdersOf(enUS[id]));
  const unknown = placeholdersOf(message).filter((name) => !allowed.has(name));
  if (unknown.length > 0) {
    problems.push([30 satisfies TextCode<'messagePlaceholders'>, key, unknown]);
    return null;
  }
  return message;
}

function isMessageId<Id extends string>(enUS: Readonly<Record<Id, Message>>, id: string): id is Id {
  return Object.hasOwn(enUS, id);
}

/**
 * The page's catalogue's id an operator's key names: its short name in the page scripts
 * (shortMessageIds.ts; '' for a key that is no id there, a short name included), the key
 * itself where ids are not renamed.
 */
function pageMessageId(key: string): string {
  if (SHORT_MESSAGE_IDS === null) return key;
  return Object.hasOwn(SHORT_MESSAGE_IDS, key) ? (SHORT_MESSAGE_IDS[key] ?? '') : '';
}

/** Whether a key belongs to this catalogue (the rest is another's, checked there). */
function isOwnKey(own: OwnIds<string>, key: string): boolean {
  return own.prefix ? key.startsWith(own.prefix) : !key.includes('.');
}

/**
 * Message ids of one object; other keys are (top level) language tags, another
 * catalogue's, or problems.
 */
function parseMessages<Id extends string>(
  own: OwnIds<Id>,
  value: Record<string, unknown>,
  where: string,
  problems: LogText[],
  onOtherKey: (key: string, value: unknown) => boolean,
): Overrides<Id> {
  const messages: Overrides<Id> = {};
  for (const [key, item] of Object.entries(value)) {
    const name = isOwnKey(own, key) ? key.slice(own.prefix.length) : '';
    const id = own.prefix ? name : pageMessageId(name);
    if (isMessageId(own.enUS, id)) {
      const message = parseMessage(own.enUS, id, name, item, problems);
      if (message !== null) messages[id] = message;
    } else if (!onOtherKey(key, item) && isOwnKey(own, key)) {
      problems.push([31 satisfies TextCode<'messageKey'>, where, key]);
    }
  }
  return messages;
}

/**
 * Parses the operator's messages (already JSON-parsed, or the object a page set)
 * against a catalogue's en-US texts (passed in, so this chunk imports nothing from the
 * page script or the dialog's chunk). `source` names where they came from in the warning.
 */
export function parseMessageOverrides<Id extends string = MessageId>(
  value: unknown,
  source: string,
  enUS: Readonly<Record<Id, Message>>,
  prefix = '',
): ParsedMessageOverrides<Id> {
  const own: OwnIds<Id> = { enUS, prefix };
  const problems: LogText[] = [];
  const languages = new Map<string, Overrides<Id>>();
  let all: Overrides<Id> = {};
  if (value === undefined || value === null) return { all, languages };
  if (isRecord(value)) {
    all = parseMessages(own, value, '', problems, (key, item) => {
      if (!LANGUAGE_TAG.test(key) || !isRecord(item)) return false;
      const tag = key.replace(/_/g, '-').toLowerCase();
      languages.set(
        tag,
        parseMessages(own, item, `${key}: `, problems, () => false),
      );
      return true;
    });
  } else {
    problems.push([32 satisfies TextCode<'messagesNotAnObject'>]);
  }
  if (problems.length > 0) {
    logWarning([26 satisfies TextCode<'messagesIgnored'>, source, problems]);
  }
  return { all, languages };
}

/**
 * The overrides for a catalogue (`lang`) shown to a portal language (`locale`), later
 * sources winning: for every language, then the language (`fr`), then the tag (`fr-FR`).
 */
export function pickOverrides<Id extends string>(
  sources: readonly ParsedMessageOverrides<Id>[],
  lang: string,
  locale: string,
): Overrides<Id> {
  const tags = [lang.split('-')[0] ?? '', lang, locale].map((tag) => tag.toLowerCase());
  const picked: Overrides<Id> = {};
  for (const source of sources) {
    Object.assign(picked, source.all);
    for (const tag of new Set(tags)) Object.assign(picked, source.languages.get(tag));
  }
  return picked;
}

/**
 * The overrides a page gives for a catalogue (`lang`) shown to a portal language
 * (`locale`): `window.partnersNetworkSettings.messages`, then the element's, which win.
 * `enUS` and `prefix`: whose ids (the page's; the contact dialog's behind `contact.`).
 */
export function overridesOf<Id extends string = MessageId>(
  fromSettings: unknown,
  fromElement: unknown,
  enUS: Readonly<Record<Id, Message>>,
  lang: string,
  locale: string,
  prefix = '',
): Overrides<Id> {
  return pickOverrides(
    [
      parseMessageOverrides(fromSettings, 'window.partnersNetworkSettings.messages', enUS, prefix),
      parseMessageOverrides(fromElement, 'the element', enUS, prefix),
    ],
    lang,
    locale,
  );
}
