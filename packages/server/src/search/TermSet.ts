import { CacheKind, KeptCache } from '../cache/KeptCache';
import type { Bitset } from './Bitset';
import type { ExpandedTerm } from './MatchedWords';

/** What a search term matches in one locale: its partners, and the words it expanded to. */
export interface TermSet {
  set: Bitset;
  expanded: ExpandedTerm;
}

/** Term sets the cache's lookups are spared: a search's terms and its steps back, scanned. */
const RECENT = 8;

/**
 * An index's term sets by `locale NUL prefix? NUL term`, the last few looked up held before
 * them: a fresh answer asks for each of its terms three times (its ranking, its counts, its
 * highlights), and each lookup made and hashed a new key string (bench/README.md, search21).
 * A lookup the recent ones answer counts as a hit, as the cache's would have. An index's
 * term set never changes, so a recent one stays right after the cache lets it go.
 */
export class TermSetCache extends KeptCache<TermSet> {
  readonly #locales: string[] = [];
  readonly #terms: string[] = [];
  readonly #prefixes: boolean[] = [];
  readonly #sets: TermSet[] = [];
  /** Where the next term set goes among the recent ones: the oldest is replaced. */
  #next = 0;

  /** A term's set, else undefined (a miss): the caller makes it and `keep`s it. */
  find(locale: string, term: string, prefix: boolean): TermSet | undefined {
    // Compared as strings: the same term is found however its string was made.
    for (let at = 0; at < this.#sets.length; at += 1) {
      if (
        this.#terms[at] === term &&
        this.#prefixes[at] === prefix &&
        this.#locales[at] === locale
      ) {
        this.kind.hits += 1;
        return this.#sets[at];
      }
    }
    const kept = this.get(keyOf(locale, term, prefix));
    if (kept) this.#remember(locale, term, prefix, kept);
    return kept;
  }

  keep(locale: string, term: string, prefix: boolean, termSet: TermSet): void {
    this.set(keyOf(locale, term, prefix), termSet);
    this.#remember(locale, term, prefix, termSet);
  }

  override clear(): void {
    super.clear();
    this.#locales.length = 0;
    this.#terms.length = 0;
    this.#prefixes.length = 0;
    this.#sets.length = 0;
    this.#next = 0;
  }

  #remember(locale: string, term: string, prefix: boolean, termSet: TermSet): void {
    const at = this.#next;
    this.#locales[at] = locale;
    this.#terms[at] = term;
    this.#prefixes[at] = prefix;
    this.#sets[at] = termSet;
    this.#next = (at + 1) % RECENT;
  }
}

function keyOf(locale: string, term: string, prefix: boolean): string {
  return `${locale}\u0000${prefix ? 1 : 0}\u0000${term}`;
}

/**
 * Recent terms' partner sets per locale, so the counts and highlights of an answer reuse
 * its search (the steps out of zero results look up each word alone too).
 */
export function termSetsKind(): CacheKind<TermSet> {
  return new CacheKind<TermSet>({ name: 'term-sets', maxEntries: 256 });
}
