/**
 * The words of a site's packed cards, each kept once: a card is packed as the codes of its
 * tokens (a word with the punctuation and spaces before it) in a table of the site's own
 * tokens. A directory's cards repeat their words: the generated 100k directory's 52.6 MB of
 * card JSON in 3 locales is made of 957 distinct tokens and packs into 11 MB, a card reading
 * back in about as long again as its JSON alone (a few microseconds; searches keep the
 * cards they read). zlib's raw deflate with a 16 to 32 KB dictionary of the site's cards
 * packed as small (6 to 9 times) but took 55 to 180 µs a card to read and 18 to 50 s to
 * pack 100k (a stream per call, same machine and minutes), where this takes about 1 s.
 *
 * A token's code is a variable-length integer (7 bits a byte, 1 to 3 bytes); code 0 is a
 * literal (its UTF-8 length, then its bytes), for tokens past the table's bound: a site of
 * many distinct words (names, addresses) keeps a bounded table and packs the rest as is.
 */
const encoder = new TextEncoder();

/** Tokens a table keeps at most (its build-time map of strings stays a few MB). */
const MAX_TOKENS = 1 << 16;
const LITERAL = 0;

function isWordByte(byte: number): boolean {
  // Letters and digits of ASCII, and every byte of a non-ASCII character (accented letters,
  // other scripts): a character is never split between two tokens.
  return (
    (byte >= 48 && byte <= 57) ||
    (byte >= 65 && byte <= 90) ||
    (byte >= 97 && byte <= 122) ||
    byte >= 128
  );
}

/** Growable bytes, written from the end of what they hold. */
class ByteList {
  bytes: Uint8Array;
  length = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }

  reserve(more: number): void {
    if (this.length + more <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + more));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  varint(value: number): void {
    this.reserve(5);
    this.length = writeVarint(value, this.bytes, this.length);
  }

  copy(from: Uint8Array, start: number, end: number): void {
    this.reserve(end - start);
    for (let index = start; index < end; index += 1) this.bytes[this.length++] = from[index] ?? 0;
  }

  text(text: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    this.reserve(text.length * 3);
    this.length += encoder.encodeInto(text, this.bytes.subarray(this.length)).written;
  }
}

const decoder = new TextDecoder();

/** Reads packed cards back: a card's codes turned into its JSON text. */
export class CardTokens {
  /** Token code c (from 1) is texts[c]: strings joined beat bytes copied then decoded. */
  readonly #texts: readonly string[];
  readonly #bytes: number;

  constructor(pool: Uint8Array, starts: Int32Array) {
    const texts = [''];
    for (let code = 1; code < starts.length; code += 1) {
      texts.push(decoder.decode(pool.subarray(starts[code - 1], starts[code])));
    }
    this.#texts = texts;
    this.#bytes = pool.byteLength;
  }

  /** About what the table holds (its tokens' UTF-8 bytes), for the server's memory figures. */
  get byteLength(): number {
    return this.#bytes;
  }

  /** The text that packed[start] up to packed[end] stands for. */
  unpack(packed: Uint8Array, start = 0, end = packed.length): string {
    const texts = this.#texts;
    let text = '';
    let at = start;
    while (at < end) {
      const code = readVarint(packed, at);
      at = code.end;
      if (code.value !== LITERAL) {
        text += texts[code.value] ?? '';
        continue;
      }
      const size = readVarint(packed, at);
      text += decoder.decode(packed.subarray(size.end, size.end + size.value));
      at = size.end + size.value;
    }
    return text;
  }
}

/**
 * Writes `value` (at most 2^32 - 1) at bytes[at] as a variable-length integer (1 to 5
 * bytes, which the caller has room for) and returns where it ends.
 */
export function writeVarint(value: number, bytes: Uint8Array, at: number): number {
  let rest = value;
  let end = at;
  while (rest >= 128) {
    bytes[end++] = (rest & 127) | 128;
    rest >>>= 7;
  }
  bytes[end++] = rest;
  return end;
}

/** A variable-length integer (7 bits a byte, low bits first) at bytes[at], and its end. */
export function readVarint(bytes: Uint8Array, at: number): { value: number; end: number } {
  let byte = bytes[at] ?? 0;
  let value = byte & 127;
  let end = at + 1;
  for (let shift = 7; byte >= 128; shift += 7) {
    byte = bytes[end] ?? 0;
    value |= (byte & 127) << shift;
    end += 1;
  }
  return { value, end };
}

/**
 * Packs texts as codes of a table it grows as it meets new tokens. Tokens are found by a
 * hash of their UTF-8 bytes in a table of its own (open addressing): a string per token
 * and a Map took 4 to 5 times as long to pack 100k cards.
 */
export class CardTokensBuilder {
  readonly #pool = new ByteList(1 << 12);
  /** Token c's bytes end at starts[c] (and begin at starts[c - 1]); its hash is hashes[c]. */
  readonly #starts: number[] = [0];
  readonly #hashes: number[] = [0];
  /** Codes by hash, 0 where free; at most half full. */
  #slots = new Int32Array(1 << 12);
  readonly #text = new ByteList(1 << 12);
  readonly #packed = new ByteList(1 << 12);

  /** The packed form of `text`, well-formed UTF-16 (a view valid until the next call). */
  pack(text: string): Uint8Array {
    const source = this.#text;
    source.length = 0;
    source.text(text);
    const { bytes, length } = source;
    const packed = this.#packed;
    packed.length = 0;
    let at = 0;
    while (at < length) {
      let end = at;
      // FNV-1a over the token's bytes: its punctuation and spaces, then its word.
      let hash = 0x811c9dc5;
      let byte = bytes[end] ?? 0;
      while (end < length && !isWordByte(byte)) {
        hash = Math.imul(hash ^ byte, 0x01000193);
        byte = bytes[++end] ?? 0;
      }
      while (end < length && isWordByte(byte)) {
        hash = Math.imul(hash ^ byte, 0x01000193);
        byte = bytes[++end] ?? 0;
      }
      const code = this.#codeOf(bytes, at, end, hash);
      packed.varint(code);
      if (code === LITERAL) {
        packed.varint(end - at);
        packed.copy(bytes, at, end);
      }
      at = end;
    }
    return packed.bytes.subarray(0, packed.length);
  }

  /** The code of bytes[start] up to bytes[end], added when new and the table has room. */
  #codeOf(bytes: Uint8Array, start: number, end: number, hash: number): number {
    const slots = this.#slots;
    const mask = slots.length - 1;
    let slot = hash & mask;
    for (let code = slots[slot] ?? 0; code !== 0; code = slots[slot] ?? 0) {
      if (this.#hashes[code] === hash && this.#holds(code, bytes, start, end)) return code;
      slot = (slot + 1) & mask;
    }
    if (this.#starts.length > MAX_TOKENS) return LITERAL;
    this.#pool.copy(bytes, start, end);
    this.#starts.push(this.#pool.length);
    this.#hashes.push(hash);
    const code = this.#starts.length - 1;
    slots[slot] = code;
    if (code * 2 > slots.length) this.#grow();
    return code;
  }

  #holds(code: number, bytes: Uint8Array, start: number, end: number): boolean {
    const from = this.#starts[code - 1] ?? 0;
    if ((this.#starts[code] ?? 0) - from !== end - start) return false;
    const pool = this.#pool.bytes;
    for (let index = 0; index < end - start; index += 1) {
      if (pool[from + index] !== bytes[start + index]) return false;
    }
    return true;
  }

  #grow(): void {
    const slots = new Int32Array(this.#slots.length * 2);
    const mask = slots.length - 1;
    for (let code = 1; code < this.#hashes.length; code += 1) {
      let slot = (this.#hashes[code] ?? 0) & mask;
      while ((slots[slot] ?? 0) !== 0) slot = (slot + 1) & mask;
      slots[slot] = code;
    }
    this.#slots = slots;
  }

  /** The table, exactly as large as it is; the builder is not used after. */
  build(): CardTokens {
    return new CardTokens(
      this.#pool.bytes.slice(0, this.#pool.length),
      Int32Array.from(this.#starts),
    );
  }
}
