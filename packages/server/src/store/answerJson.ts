/**
 * A fresh search answer's wire JSON written from pieces kept between answers: each card's
 * JSON (per card and locale, with the cards), each filter's group and item names (per filter
 * and locale, with the groups), and only what is the answer's own written per answer (its
 * distances, highlights, counts, criteria, id). `JSON.stringify` of a whole answer (about 7
 * KB: ten cards, forty counted items) wrote the same card and item names answer after
 * answer, from objects made only to be written; it was a sixth of a fresh answer's own CPU
 * in the bench's first-ask pass (bench/README.md, json20).
 *
 * The wire shape has one home, `searchResponseOf` (what `JSON.stringify` writes of it); the
 * pieces are made by `JSON.stringify` of the same objects, and `answerJson.test.ts` holds
 * the JSON written here to `JSON.stringify(searchResponseOf(answer))` for generated answers.
 */
import type {
  FilterGroup,
  GlobalFilterCount,
  Partner,
  ZeroResultStep,
} from '@partners-network/contract';
import type { AppliedCriteria } from './PartnerStore';

export type CardDistance = NonNullable<Partner['distance']>;
export type CardHighlights = NonNullable<Partner['highlights']>;

/**
 * A card's JSON without its distance, its highlights and its closing brace: what every
 * answer that shows the card writes first (`answerJson` closes it). Its fields in the card's
 * order, distance and highlights last (site/buildSite's cardOf).
 */
export function cardHead(card: Partner): string {
  // The card's own fields in its own order (site/buildSite's cardOf is their
  // one home); JSON leaves out the two each answer writes itself, once undefined.
  return JSON.stringify({ ...card, distance: undefined, highlights: undefined }).slice(0, -1);
}

/** A filter's groups in a locale as JSON pieces, the counts left out. */
export interface GroupsJson {
  /** Each group's `{"name":…,"filterItems":[`. */
  readonly heads: readonly string[];
  /**
   * Each group's items, each `{"id":…,"name":…,"count":` (the count and `}` per answer),
   * after the first with the comma before it: one string less to add per item.
   */
  readonly items: readonly (readonly string[])[];
}

/** The pieces of a filter's groups (as definitions send them: items without counts). */
export function groupsJson(groups: readonly FilterGroup[]): GroupsJson {
  const heads: string[] = [];
  const items: string[][] = [];
  for (const group of groups) {
    heads.push(`{"name":${JSON.stringify(group.name)},"filterItems":[`);
    const pieces: string[] = [];
    for (const item of group.filterItems) {
      const comma = pieces.length > 0 ? ',' : '';
      pieces.push(
        `${comma}${JSON.stringify({ id: item.id, name: item.name }).slice(0, -1)},"count":`,
      );
    }
    items.push(pieces);
  }
  return { heads, items };
}

/** What a fresh answer's JSON is written from. */
export interface AnswerPieces {
  /** Each card's `cardHead`, in the answer's order. */
  readonly cards: readonly string[];
  /** Searches near a point: each card's distance as JSON (`distanceJson`), by position. */
  readonly distances: readonly (string | undefined)[] | undefined;
  /** Searches with text: each card's highlights, by the cards' positions. */
  readonly highlights: readonly (CardHighlights | undefined)[] | undefined;
  readonly totalFound: number;
  readonly groups: GroupsJson;
  /** Counts by group, by item, in the groups' order (0 for an item without one). */
  readonly itemCounts: readonly (readonly number[] | undefined)[];
  readonly globalFilterCounts: readonly GlobalFilterCount[] | undefined;
  readonly zeroResultSteps: readonly ZeroResultStep[] | undefined;
  readonly answerId: string | undefined;
  readonly appliedCriteria: AppliedCriteria;
}

/**
 * The answer's wire JSON: `JSON.stringify(searchResponseOf(answer))` of the same answer as
 * objects, byte for byte. Strings added, not parts joined: V8 keeps the sum as a rope of
 * the pieces and writes it out flat once, when the answer is hashed, compressed or sent.
 */
export function answerJson(pieces: AnswerPieces): string {
  const { cards, distances, highlights } = pieces;
  let json = '{"partners":[';
  for (let at = 0; at < cards.length; at += 1) {
    json += cards[at] ?? '';
    const distance = distances?.[at];
    if (distance !== undefined) json += `,"distance":${distance}`;
    const marked = highlights?.[at];
    // One call, one flat string: written by hand, each range's brackets, commas and numbers
    // were small strings of their own, garbage of every fresh answer (bench/README.md,
    // search21). The same bytes: this is what `JSON.stringify` writes of the card.
    if (marked !== undefined) json += `,"highlights":${JSON.stringify(marked)}`;
    // The card's brace and the comma before the next one in one string.
    json += at + 1 < cards.length ? '},' : '}';
  }
  json += `],"totalFound":${numberJson(pieces.totalFound)},"error":false,"filterGroups":[`;
  const { heads, items } = pieces.groups;
  for (let group = 0; group < heads.length; group += 1) {
    if (group > 0) json += ',';
    json += heads[group] ?? '';
    const names = items[group] ?? [];
    const counts = pieces.itemCounts[group];
    for (let item = 0; item < names.length; item += 1) {
      json += names[item] ?? '';
      json += countJson(counts?.[item] ?? 0);
    }
    json += ']}';
  }
  json += ']';
  if (pieces.globalFilterCounts !== undefined) {
    json += `,"globalFilterCounts":${JSON.stringify(pieces.globalFilterCounts)}`;
  }
  if (pieces.zeroResultSteps !== undefined) {
    json += `,"zeroResultSteps":${JSON.stringify(pieces.zeroResultSteps)}`;
  }
  if (pieces.answerId !== undefined) json += `,"answerId":${JSON.stringify(pieces.answerId)}`;
  return `${json},"searchPartnersCriteria":${JSON.stringify(pieces.appliedCriteria)}}`;
}

/**
 * A card's distance as `JSON.stringify` writes it, from its kilometres and `placeJson` of
 * it (which an answer keeps by place: a page's cards are in a few cities). `JSON.stringify`
 * of each distance was about 0.9 µs, ten a page, most of it the kilometres' digits
 * (bench/README.md, near22). CardDistance's kilometres come first (answer/findNear).
 */
export function distanceJson(km: number, placeJson: string): string {
  return `{"km":${kilometresJson(km)},${placeJson}`;
}

/** A card's distance's JSON past its kilometres: `"city":…,"country":…}`, and its label. */
export function placeJson(distance: CardDistance): string {
  return JSON.stringify({ ...distance, km: undefined }).slice(1);
}

/**
 * Kilometres as JSON writes them, a distance in tenths (answer/findNear rounds them) from
 * the tenths' whole number: the shortest digits of `tenths / 10` are the tenths' own (the
 * decimal `w.f` is exactly the quotient the double rounds, and no shorter one is it: an
 * integer is its own double). Printing a double's shortest digits took 0.2 µs, an integer's
 * 0.05 (bench/README.md, near22). Anything else (not tenths, past 10^8 km) as JSON writes it.
 */
function kilometresJson(km: number): string {
  const tenths = Math.round(km * 10);
  if (!(tenths / 10 === km && tenths >= 0 && tenths < 1e9)) return numberJson(km);
  const whole = Math.floor(tenths / 10);
  const tenth = tenths - whole * 10;
  return tenth === 0 ? String(whole) : `${whole}.${tenth}`;
}

/** A number as JSON writes it: `null` for what JSON cannot hold. */
function numberJson(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

/**
 * An item's count and the item's closing brace, kept for counts up to `KEPT_COUNTS`: a
 * fresh answer writes about forty (38 at 10k), each a new small string, and adding the
 * number and the brace to the item's name made two more (bench/README.md, search21).
 */
const KEPT_COUNTS = 1024;
const countsJson: string[] = [];
for (let count = 0; count < KEPT_COUNTS; count += 1) countsJson.push(`${count}}`);

function countJson(count: number): string {
  return (Number.isInteger(count) ? countsJson[count] : undefined) ?? `${numberJson(count)}}`;
}
