/**
 * What a site's cards are made of, for every partner, packed off the JavaScript heap: each
 * card's JSON as the codes of its words in the site's table of words (`CardTokens`). At
 * 100k partners in 3 locales the JSON is 52.6 MB, packed 11 MB; as objects (a record, its
 * title and summary objects, its items) they took 105 MB of heap, and every major garbage
 * collection walked their 600k objects, pausing searches. A page reads ten of them:
 * unpacking and decoding one costs microseconds.
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

import { freeBuffer } from '../search/freeBuffer';
import type { CardTokens } from './CardTokens';
import { CardTokensBuilder } from './CardTokens';

function isTexts(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((text) => typeof text === 'string')
  );
}

/** Its own JSON, read back: anything else means the buffer is corrupt, a bug. */
function toCardTexts(value: unknown): CardTexts {
  if (!Array.isArray(value)) throw new Error('packed card: not an array');
  const fields: unknown[] = value;
  const [url, imageUrl, titles, summaries, badgeIds, contactSlug] = fields;
  if (
    typeof url !== 'string' ||
    typeof imageUrl !== 'string' ||
    !isTexts(titles) ||
    !isTexts(summaries) ||
    !Array.isArray(badgeIds) ||
    !badgeIds.every((id) => typeof id === 'number') ||
    (contactSlug !== undefined && typeof contactSlug !== 'string')
  ) {
    throw new Error('packed card: unexpected shape');
  }
  return {
    url,
    imageUrl,
    titles,
    summaries,
    badgeIds,
    ...(contactSlug === undefined ? {} : { contactSlug }),
  };
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

  /** @param expected about how many cards: a few (a change's) take a small chunk */
  constructor(expected = Infinity) {
    this.#chunkBytes = Math.min(CHUNK_BYTES, Math.max(1 << 14, expected * 2048));
  }

  add(card: CardTexts): void {
    const fields = [card.url, card.imageUrl, card.titles, card.summaries, card.badgeIds];
    // Only contactable partners carry a sixth field: the others pack as before.
    if (card.contactSlug !== undefined) fields.push(card.contactSlug);
    const encoded = this.#tokens.pack(JSON.stringify(fields));
    if (this.#used + encoded.length > this.#chunk.length) {
      this.#close();
      this.#chunk = new Uint8Array(Math.max(this.#chunkBytes, encoded.length));
      this.#chunks.push(this.#chunk);
    }
    this.#chunk.set(encoded, this.#used);
    this.#chunkOf.push(this.#chunks.length - 1);
    this.#starts.push(this.#used);
    this.#used += encoded.length;
    this.#ends.push(this.#used);
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
      this.#chunks,
      Uint16Array.from(this.#chunkOf),
      Int32Array.from(this.#starts),
      Int32Array.from(this.#ends),
    );
  }
}

export class PackedCards {
  readonly #tokens: CardTokens;
  readonly #chunks: readonly Uint8Array[];
  /** Card i is chunks[chunkOf[i]] from starts[i] up to ends[i]. */
  readonly #chunkOf: Uint16Array;
  readonly #starts: Int32Array;
  readonly #ends: Int32Array;

  constructor(
    tokens: CardTokens,
    chunks: readonly Uint8Array[],
    chunkOf: Uint16Array,
    starts: Int32Array,
    ends: Int32Array,
  ) {
    this.#tokens = tokens;
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

  /** The card texts of a partner ordinal; undefined past the end. */
  read(ordinal: number): CardTexts | undefined {
    const chunk = this.#chunks[this.#chunkOf[ordinal] ?? -1];
    const start = this.#starts[ordinal];
    const end = this.#ends[ordinal];
    if (!chunk || start === undefined || end === undefined) return undefined;
    const json: unknown = JSON.parse(this.#tokens.unpack(chunk.subarray(start, end)));
    return toCardTexts(json);
  }
}
