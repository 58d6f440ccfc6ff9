/**
 * The operator's tuning as steps of an answer: synonyms widen what a text matches (the
 * text is searched as typed and as each synonym rewrites it), and a rule for a query
 * puts its pinned partners first and leaves its hidden ones out. Everything here is
 * derived from the stored tuning once per built site; nothing is rebuilt.
 */
import { searchTerms } from '../search/searchTerms';
import type { StoredTuning } from '../store/SiteRecords';

/** Most rewritten texts a search runs besides the one typed. */
export const MAX_ALTERNATIVES = 8;

/** A rule of a query, its partners as ordinals of the built site. */
export interface ResolvedRule {
  /** In the order the operator gave; partners no longer in the site left out. */
  pinned: number[];
  hidden: Set<number>;
}

interface Rewrite {
  /** Folded terms that, found in a row in a search, are rewritten… */
  pattern: string[];
  /** …into each of these. */
  replacements: string[][];
}

const keyOf = (terms: readonly string[]) => terms.join(' ');

export class Tuning {
  readonly #rewrites: Rewrite[];
  readonly #rules: Map<string, ResolvedRule>;

  constructor(stored: StoredTuning, ordinalOf: (id: number) => number | undefined) {
    this.#rewrites = stored.synonymSets.flatMap((set): Rewrite[] => {
      if (set.kind === 'oneWay') {
        return [{ pattern: searchTerms(set.from), replacements: set.to.map(searchTerms) }];
      }
      const phrases = set.phrases.map(searchTerms);
      return phrases.map((pattern, at) => ({
        pattern,
        replacements: phrases.filter((_, other) => other !== at),
      }));
    });
    this.#rules = new Map(
      stored.queryRules.map((rule) => [
        keyOf(searchTerms(rule.query)),
        {
          pinned: rule.pinned.flatMap(({ id }) => ordinalOf(id) ?? []),
          hidden: new Set(rule.hidden.flatMap(({ id }) => ordinalOf(id) ?? [])),
        },
      ]),
    );
  }

  /** Whether any synonym or rule may change an answer. */
  get isEmpty(): boolean {
    return this.#rewrites.length === 0 && this.#rules.size === 0;
  }

  /**
   * The texts a search runs, as terms: the one typed first, then each synonym's rewrite of
   * it (one phrase replaced at a time), without repeats, at most MAX_ALTERNATIVES more.
   */
  alternatives(terms: readonly string[]): string[][] {
    // Most sites have no synonyms: every answer asks this several times.
    if (this.#rewrites.length === 0) return [[...terms]];
    const found = new Map([[keyOf(terms), [...terms]]]);
    for (const { pattern, replacements } of this.#rewrites) {
      const at = indexOfRun(terms, pattern);
      if (at < 0) continue;
      for (const replacement of replacements) {
        if (found.size > MAX_ALTERNATIVES) break;
        const rewritten = [
          ...terms.slice(0, at),
          ...replacement,
          ...terms.slice(at + pattern.length),
        ];
        if (!found.has(keyOf(rewritten))) found.set(keyOf(rewritten), rewritten);
      }
    }
    return [...found.values()];
  }

  /** The rule of a search's text (as folded terms), if the operator made one. */
  ruleFor(terms: readonly string[]): ResolvedRule | undefined {
    return terms.length === 0 ? undefined : this.#rules.get(keyOf(terms));
  }
}

/** Where `run` starts in `terms` as whole words in a row, or -1. */
function indexOfRun(terms: readonly string[], run: readonly string[]): number {
  if (run.length === 0) return -1;
  for (let start = 0; start + run.length <= terms.length; start += 1) {
    if (run.every((term, offset) => terms[start + offset] === term)) return start;
  }
  return -1;
}
