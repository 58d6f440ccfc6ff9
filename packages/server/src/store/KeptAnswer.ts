import { locatedSearchCriteriaSchema, searchResponseSchema } from '@partners-network/contract';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { KeptSearch, StoreSearchResult } from './PartnerStore';
import type { CountedSearch } from './StatsStore';
import { searchResponseOf } from './searchResponseOf';

/**
 * A search answer as the service keeps it between requests: its wire JSON in the forms
 * clients took (the text, or its bytes in a content coding: `br`, `gzip`), and what the
 * search route reads besides (the total, what it is counted as). Not its objects: kept as
 * cards, highlights and counted groups, each answer was a few hundred objects that every
 * collection after it copied or marked, and the bench's first-ask pass (every answer new,
 * every one kept) promoted about a third less to the old generation without them
 * (bench/README.md). The text made with the answer is kept only until a coded form is:
 * browsers take brotli, about a fifth of the text, and a client that takes the text as it
 * is gets it kept from then on.
 */
export class KeptAnswer implements KeptSearch {
  readonly totalFound: number;
  /** What a first page of this search is counted as (stats/countedSearch). */
  readonly counted: CountedSearch | undefined;
  /** Its cards plus one: what the answers' caches weigh it by. */
  readonly weight: number;
  /** The text made with the answer, until a form of it is kept. */
  #made: string | undefined;
  #json: string | undefined;
  readonly #encoded = new Map<string, Buffer>();

  /** An answer kept from its wire JSON (a fresh one's, store/answerJson) and its cards' count. */
  constructor(json: string, totalFound: number, counted: CountedSearch | undefined, cards: number) {
    this.totalFound = totalFound;
    this.counted = counted;
    this.weight = cards + 1;
    this.#made = json;
  }

  /** An answer kept from its objects. */
  static of(answer: StoreSearchResult): KeptAnswer {
    return new KeptAnswer(
      JSON.stringify(searchResponseOf(answer)),
      answer.totalFound,
      answer.counted,
      answer.partners.length,
    );
  }

  /** The JSON, when a client took it as it is. */
  get json(): string | undefined {
    return this.#json;
  }

  keepJson(json: string): void {
    this.#json = json;
    this.#made = undefined;
  }

  /** Its bytes in a content coding, when a client took them. */
  encoded(coding: string): Buffer | undefined {
    return this.#encoded.get(coding);
  }

  keepEncoded(coding: string, bytes: Buffer): void {
    this.#encoded.set(coding, bytes);
    this.#made = undefined;
  }

  /** The wire JSON: as made, as kept, or decoded from a kept coding. */
  text(): string {
    const text = this.#made ?? this.#json;
    if (text !== undefined) return text;
    const br = this.#encoded.get('br');
    if (br) return brotliDecompressSync(br).toString('utf8');
    const gzip = this.#encoded.get('gzip');
    if (gzip) return gunzipSync(gzip).toString('utf8');
    throw new Error('a kept answer holds no form of its JSON');
  }

  /** The answer's objects again (for callers of the store other than the search route). */
  answer(): StoreSearchResult {
    const wire = searchResponseSchema.parse(JSON.parse(this.text()));
    const answer: StoreSearchResult = {
      partners: wire.partners,
      totalFound: wire.totalFound,
      filterGroups: wire.filterGroups,
      // The criteria echoed are whole on the wire; the wire's schema lets clients read less.
      appliedCriteria: locatedSearchCriteriaSchema.parse(wire.searchPartnersCriteria),
    };
    if (wire.globalFilterCounts) answer.globalFilterCounts = wire.globalFilterCounts;
    if (wire.zeroResultSteps) answer.zeroResultSteps = wire.zeroResultSteps;
    if (this.counted) answer.counted = this.counted;
    if (wire.answerId !== undefined) answer.answerId = wire.answerId;
    return answer;
  }
}
