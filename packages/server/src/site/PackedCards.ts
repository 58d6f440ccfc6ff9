/**
 * What a site's cards are made of, for every partner, packed off the JavaScript heap: each
 * card as the codes of its words in the site's table of words (`CardTokens`). At 100k
 * partners in 3 locales the JSON is 52.6 MB, packed 11 MB; as objects (a record, its title
 * and summary objects, its items) they took 105 MB of heap, and every major garbage
 * collection walked their 600k objects, pausing searches. A page reads ten of them:
 * unpacking and decoding one costs microseconds.
 *
 * A card is packed in parts: a header, the part every locale shares (url, image, badges,
 * contact) and each locale's title and summary. An answer unpacks the shared part and its
 * locale's texts only (`readIn`): unpacking every locale for the one shown made two thirds
 * of a card's bytes, and of its garbage, for nothing (bench/README.md, cards24).
 */
export interface CardTexts {
  url: string;
  imageUrl: string;
  /** By locale; the locales a partner has. */
  titles: Readonly<Record<string, string>>;
  summaries: Readonly<Record<string, string>>;
  /** The filter items it shows as badges, in card order. */
  badgeIds: readonly number[];
  /** The partner's slug when it can be contacted (issue 26); its channel stays in the database. */
  contactSlug?: string;
}

/** A card in one locale, as answers show it: its texts there, else in en-US, else empty. */
export interface LocaleCard {
  url: string;
  imageUrl: string;
  title: string;
  summary: string;
  badgeIds: readonly number[];
  contactSlug?: string;
}

import { freeBuffer } from '../search/freeBuffer';
import { DEFAULT_LOCALE } from '../store/DirectoryData';
import type { CardTokens } from './CardTokens';
import { CardTokensBuilder, readVarint, writeVarint } from './CardTokens';

/** The shared part's JSON, read back: anything else means the buffer is corrupt, a bug. */
function toShared(value: unknown): Omit<LocaleCard, 'title' | 'summary'> {
  if (!Array.isArray(value)) throw new Error('packed card: not an array');
  const fields: unknown[] = value;
  const [url, imageUrl, badgeIds, contactSlug] = fields;
  if (
    typeof url !== 'string' ||
    typeof imageUrl !== 'string' ||
    !Array.isArray(badgeIds) ||
    !badgeIds.every((id) => typeof id === 'number') ||
    (contactSlug !== undefined && typeof contactSlug !== 'string')
  ) {
    throw new Error('packed card: unexpected shape');
  }
  return contactSlug === undefined
    ? { url, imageUrl, badgeIds }
    : { url, imageUrl, badgeIds, contactSlug };
}

/** A locale's `[title, summary]` read back, null where the partner has none in it. */
function toLocaleTexts(value: unknown): [string | null, string | null] {
  if (!Array.isArray(value)) throw new Error('packed card: texts not an array');
  const fields: unknown[] = value;
  const [title, summary] = fields;
  if (
    (title !== null && typeof title !== 'string') ||
    (summary !== null && typeof summary !== 'string')
  ) {
    throw new Error('packed card: unexpected texts');
  }
  return [title, summary];
}

/** An empty text counts as none. */
const given = (text: string | null | undefined): text is string =>
  text !== null && text !== undefined && text !== '';

/** A text in the locale shown, else in en-US, else empty: what every card shows. */
export function textOr(
  own: string | null | undefined,
  fallback: string | null | undefined,
): string {
  if (given(own)) return own;
  return given(fallback) ? fallback : '';
}

/** The texts of a locale a card is not in. */
const NONE: readonly [null, null] = [null, null];

/**
 * Where a packed card's parts lie: its shared part, and each locale's texts by the
 * locale's index in the cards' table, in packing order.
 */
interface CardParts {
  sharedStart: number;
  sharedEnd: number;
  /** Index, start, end of each locale's texts, flat. */
  locales: number[];
}

/** The header at `start` (the shared part's length, how many locales, then each locale's
 * index and texts' length) read into where the parts lie. */
function partsOf(bytes: Uint8Array, start: number): CardParts {
  const sharedLength = readVarint(bytes, start);
  const count = readVarint(bytes, sharedLength.end);
  let at = count.end;
  const sizes: number[] = [];
  for (let next = 0; next < count.value; next += 1) {
    const index = readVarint(bytes, at);
    const length = readVarint(bytes, index.end);
    at = length.end;
    sizes.push(index.value, length.value);
  }
  const sharedEnd = at + sharedLength.value;
  const locales: number[] = [];
  let from = sharedEnd;
  for (let next = 0; next + 1 < sizes.length; next += 2) {
    const size = sizes[next + 1] ?? 0;
    locales.push(sizes[next] ?? 0, from, from + size);
    from += size;
  }
  return { sharedStart: at, sharedEnd, locales };
}

/**
 * Cards are packed into chunks of this size, never split between two: growing one
 * buffer by doubling held up to three times the texts at the end of a build (the
 * doubled buffer, then its exact copy): 190 MB at 100k partners, for 65 MB of texts.
 */
const CHUNK_BYTES = 4 << 20;

/** Collects cards in ordinal order into chunks. */
export class PackedCardsBuilder {
  readonly #chunks: Uint8Array[] = [];
  #chunk = new Uint8Array(0);
  #used = 0;
  readonly #chunkOf: number[] = [];
  readonly #starts: number[] = [];
  readonly #ends: number[] = [];
  readonly #chunkBytes: number;
  readonly #tokens = new CardTokensBuilder();
  /** The cards' locales, each by its index in the headers. */
  readonly #locales = new Map<string, number>();

  /** @param expected about how many cards: a few (a change's) take a small chunk */
  constructor(expected = Infinity) {
    this.#chunkBytes = Math.min(CHUNK_BYTES, Math.max(1 << 14, expected * 2048));
  }

  add(card: CardTexts): void {
    const shared: unknown[] = [card.url, card.imageUrl, card.badgeIds];
    // Only contactable partners carry a fourth field: the others pack as before.
    if (card.contactSlug !== undefined) shared.push(card.contactSlug);
    const parts = [this.#tokens.pack(JSON.stringify(shared)).slice()];
    const locales = new Set([...Object.keys(card.titles), ...Object.keys(card.summaries)]);
    // Two numbers for each locale, two before them; 5 bytes at most each.
    const header = new Uint8Array(10 * (locales.size + 1));
    let headerLength = writeVarint(parts[0]?.length ?? 0, header, 0);
    headerLength = writeVarint(locales.size, header, headerLength);
    for (const locale of locales) {
      const texts = [card.titles[locale] ?? null, card.summaries[locale] ?? null];
      const part = this.#tokens.pack(JSON.stringify(texts)).slice();
      headerLength = writeVarint(this.#localeIndex(locale), header, headerLength);
      headerLength = writeVarint(part.length, header, headerLength);
      parts.push(part);
    }
    const size = parts.reduce((total, part) => total + part.length, headerLength);
    if (this.#used + size > this.#chunk.length) {
      this.#close();
      this.#chunk = new Uint8Array(Math.max(this.#chunkBytes, size));
      this.#chunks.push(this.#chunk);
    }
    this.#chunkOf.push(this.#chunks.length - 1);
    this.#starts.push(this.#used);
    this.#chunk.set(header.subarray(0, headerLength), this.#used);
    this.#used += headerLength;
    for (const part of parts) {
      this.#chunk.set(part, this.#used);
      this.#used += part.length;
    }
    this.#ends.push(this.#used);
  }

  #localeIndex(locale: string): number {
    let index = this.#locales.get(locale);
    if (index === undefined) {
      index = this.#locales.size;
      this.#locales.set(locale, index);
    }
    return index;
  }

  /** The last chunk keeps only what it holds. */
  #close(): void {
    const last = this.#chunks.length - 1;
    if (last < 0) return;
    this.#chunks[last] = this.#chunk.slice(0, this.#used);
    // The chunk it was copied from goes now, not at a full collection (see freeBuffer).
    freeBuffer(this.#chunk);
    this.#used = 0;
  }

  build(): PackedCards {
    this.#close();
    return new PackedCards(
      this.#tokens.build(),
      [...this.#locales.keys()],
      this.#chunks,
      Uint16Array.from(this.#chunkOf),
      Int32Array.from(this.#starts),
      Int32Array.from(this.#ends),
    );
  }
}

export class PackedCards {
  readonly #tokens: CardTokens;
  /** The cards' locales by their index in the headers, and back. */
  readonly #locales: readonly string[];
  readonly #localeIndex: ReadonlyMap<string, number>;
  readonly #chunks: readonly Uint8Array[];
  /** Card i is chunks[chunkOf[i]] from starts[i] up to ends[i]. */
  readonly #chunkOf: Uint16Array;
  readonly #starts: Int32Array;
  readonly #ends: Int32Array;

  constructor(
    tokens: CardTokens,
    locales: readonly string[],
    chunks: readonly Uint8Array[],
    chunkOf: Uint16Array,
    starts: Int32Array,
    ends: Int32Array,
  ) {
    this.#tokens = tokens;
    this.#locales = locales;
    this.#localeIndex = new Map(locales.map((locale, index) => [locale, index]));
    this.#chunks = chunks;
    this.#chunkOf = chunkOf;
    this.#starts = starts;
    this.#ends = ends;
  }

  get size(): number {
    return this.#ends.length;
  }

  /** Bytes held, for the server's memory figures. */
  get byteLength(): number {
    return (
      this.#tokens.byteLength +
      this.#chunks.reduce((total, chunk) => total + chunk.byteLength, 0) +
      this.#chunkOf.byteLength +
      this.#starts.byteLength +
      this.#ends.byteLength
    );
  }

  /** Every text of a partner ordinal's card (a rebuild's, the warm-up's); undefined past the end. */
  read(ordinal: number): CardTexts | undefined {
    const chunk = this.#chunks[this.#chunkOf[ordinal] ?? -1];
    const start = this.#starts[ordinal];
    if (!chunk || start === undefined) return undefined;
    const parts = partsOf(chunk, start);
    const shared = toShared(this.#parse(chunk, parts.sharedStart, parts.sharedEnd));
    const titles: Record<string, string> = {};
    const summaries: Record<string, string> = {};
    const { locales } = parts;
    for (let at = 0; at + 2 < locales.length; at += 3) {
      const locale = this.#locales[locales[at] ?? -1] ?? DEFAULT_LOCALE;
      const [title, summary] = toLocaleTexts(
        this.#parse(chunk, locales[at + 1] ?? 0, locales[at + 2] ?? 0),
      );
      if (title !== null) titles[locale] = title;
      if (summary !== null) summaries[locale] = summary;
    }
    return { ...shared, titles, summaries };
  }

  /**
   * A partner ordinal's card in `locale` (its texts there, else in en-US, else empty),
   * unpacking no other locale; undefined past the end.
   */
  readIn(ordinal: number, locale: string): LocaleCard | undefined {
    const chunk = this.#chunks[this.#chunkOf[ordinal] ?? -1];
    const start = this.#starts[ordinal];
    if (!chunk || start === undefined) return undefined;
    const wanted = this.#localeIndex.get(locale) ?? -1;
    const fallback = this.#localeIndex.get(DEFAULT_LOCALE) ?? -1;
    // The header, read without arrays: the wanted and en-US texts' ranges from the
    // first locale's texts.
    const sharedLength = readVarint(chunk, start);
    const count = readVarint(chunk, sharedLength.end);
    let at = count.end;
    let offset = 0;
    let own = -1;
    let ownEnd = -1;
    let other = -1;
    let otherEnd = -1;
    for (let next = 0; next < count.value; next += 1) {
      const index = readVarint(chunk, at);
      const length = readVarint(chunk, index.end);
      at = length.end;
      if (index.value === wanted) {
        own = offset;
        ownEnd = offset + length.value;
      } else if (index.value === fallback) {
        other = offset;
        otherEnd = offset + length.value;
      }
      offset += length.value;
    }
    const sharedEnd = at + sharedLength.value;
    const shared = toShared(this.#parse(chunk, at, sharedEnd));
    const [title, summary] =
      own >= 0 ? toLocaleTexts(this.#parse(chunk, sharedEnd + own, sharedEnd + ownEnd)) : NONE;
    const [otherTitle, otherSummary] =
      (!given(title) || !given(summary)) && other >= 0
        ? toLocaleTexts(this.#parse(chunk, sharedEnd + other, sharedEnd + otherEnd))
        : NONE;
    return {
      url: shared.url,
      imageUrl: shared.imageUrl,
      title: textOr(title, otherTitle),
      summary: textOr(summary, otherSummary),
      badgeIds: shared.badgeIds,
      contactSlug: shared.contactSlug,
    };
  }

  #parse(chunk: Uint8Array, start: number, end: number): unknown {
    return JSON.parse(this.#tokens.unpack(chunk, start, end));
  }
}
