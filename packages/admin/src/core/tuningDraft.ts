/**
 * The Tuning view's model, apart from React: a draft made from a site's tuning as the server
 * answered it, the tuning it becomes, and that tuning checked with the contract's
 * `siteTuningSchema`, the schema the API's PUT checks it with. Phrases are typed as a list
 * separated by commas (a phrase cannot hold a comma, so nothing is lost).
 */
import type { SiteTuning } from '@partners-network/contract';
import { siteTuningSchema } from '@partners-network/contract';

export interface SynonymDraft {
  /** Stable across edits: React's key and the fields' ids. */
  key: number;
  kind: 'equivalent' | 'oneWay';
  /** Equivalent phrases, separated by commas. */
  phrases: string;
  /** One-way: what a visitor searches, and what it also finds (separated by commas). */
  from: string;
  to: string;
}

export interface RuleDraft {
  key: number;
  query: string;
  /** Slugs, shown first in this order. */
  pinned: readonly string[];
  hidden: readonly string[];
}

export interface TuningDraft {
  synonymSets: readonly SynonymDraft[];
  queryRules: readonly RuleDraft[];
  /** The next key to give. */
  nextKey: number;
}

export interface TuningProblem {
  /** The part it is about: `synonymSets.<key>.phrases`, `queryRules.<key>.query`, or ''. */
  field: string;
  message: string;
}

/** A list typed with commas: each phrase trimmed, empty ones left out. */
export function splitPhrases(text: string): string[] {
  return text
    .split(',')
    .map((phrase) => phrase.trim())
    .filter((phrase) => phrase !== '');
}

export function tuningDraftOf(tuning: SiteTuning): TuningDraft {
  let key = 0;
  const synonymSets = tuning.synonymSets.map((set): SynonymDraft => {
    key += 1;
    return set.kind === 'equivalent'
      ? { key, kind: 'equivalent', phrases: set.phrases.join(', '), from: '', to: '' }
      : { key, kind: 'oneWay', phrases: '', from: set.from, to: set.to.join(', ') };
  });
  const queryRules = tuning.queryRules.map((rule): RuleDraft => {
    key += 1;
    return { key, query: rule.query, pinned: rule.pinned, hidden: rule.hidden };
  });
  return { synonymSets, queryRules, nextKey: key + 1 };
}

/** The tuning the draft sends (not checked yet). */
export function tuningOf(draft: TuningDraft): SiteTuning {
  return {
    synonymSets: draft.synonymSets.map((set) =>
      set.kind === 'equivalent'
        ? { kind: 'equivalent', phrases: splitPhrases(set.phrases) }
        : { kind: 'oneWay', from: set.from.trim(), to: splitPhrases(set.to) },
    ),
    queryRules: draft.queryRules.map((rule) => ({
      query: rule.query.trim(),
      pinned: [...rule.pinned],
      hidden: [...rule.hidden],
    })),
  };
}

export function addSynonymSet(draft: TuningDraft, kind: SynonymDraft['kind']): TuningDraft {
  const set: SynonymDraft = { key: draft.nextKey, kind, phrases: '', from: '', to: '' };
  return { ...draft, synonymSets: [...draft.synonymSets, set], nextKey: draft.nextKey + 1 };
}

export function addQueryRule(draft: TuningDraft, query = ''): TuningDraft {
  const rule: RuleDraft = { key: draft.nextKey, query, pinned: [], hidden: [] };
  return { ...draft, queryRules: [...draft.queryRules, rule], nextKey: draft.nextKey + 1 };
}

/** A list with the item of a key patched, or left out (patch null). */
function patchByKey<T extends { key: number }>(
  items: readonly T[],
  key: number,
  patch: Partial<Omit<T, 'key'>> | null,
): T[] {
  return patch === null
    ? items.filter((item) => item.key !== key)
    : items.map((item) => (item.key === key ? { ...item, ...patch } : item));
}

export function updateSynonymSet(
  draft: TuningDraft,
  key: number,
  patch: Partial<Omit<SynonymDraft, 'key'>> | null,
): TuningDraft {
  return { ...draft, synonymSets: patchByKey(draft.synonymSets, key, patch) };
}

export function updateQueryRule(
  draft: TuningDraft,
  key: number,
  patch: Partial<Omit<RuleDraft, 'key'>> | null,
): TuningDraft {
  return { ...draft, queryRules: patchByKey(draft.queryRules, key, patch) };
}

/** A partner pinned (last), hidden, or neither: never both at once. */
export function placePartner(
  rule: RuleDraft,
  slug: string,
  place: 'pinned' | 'hidden' | 'none',
): Pick<RuleDraft, 'pinned' | 'hidden'> {
  const pinned = rule.pinned.filter((kept) => kept !== slug);
  const hidden = rule.hidden.filter((kept) => kept !== slug);
  if (place === 'pinned') pinned.push(slug);
  if (place === 'hidden') hidden.push(slug);
  return { pinned, hidden };
}

/** The pinned list with one partner moved one place up (-1) or down (+1). */
export function movePinned(pinned: readonly string[], slug: string, by: -1 | 1): string[] {
  const from = pinned.indexOf(slug);
  const to = from + by;
  if (from < 0 || to < 0 || to >= pinned.length) return [...pinned];
  const moved = [...pinned];
  moved.splice(from, 1);
  moved.splice(to, 0, slug);
  return moved;
}

/** Messages of the console for what the schema says only in zod's generic words. */
export interface TuningWords {
  needsTwoPhrases: string;
  needsOneTarget: string;
  tooManyPinned: string;
}

/** The part of the draft an issue's path names: its kind, its key and the field. */
function fieldOf(draft: TuningDraft, path: readonly PropertyKey[]): string {
  const [list, index, field] = path;
  if (typeof index !== 'number') return '';
  const item =
    list === 'synonymSets'
      ? draft.synonymSets[index]
      : list === 'queryRules'
        ? draft.queryRules[index]
        : undefined;
  if (!item || typeof list !== 'string') return '';
  return `${list}.${item.key}.${typeof field === 'string' ? field : ''}`;
}

export type TuningCheck =
  { ok: true; tuning: SiteTuning } | { ok: false; problems: TuningProblem[] };

/** The draft's tuning checked by the contract's schema: the tuning to send, or every problem. */
export function checkTuning(draft: TuningDraft, words: TuningWords): TuningCheck {
  const tuning = tuningOf(draft);
  const parsed = siteTuningSchema.safeParse(tuning);
  if (parsed.success) return { ok: true, tuning: parsed.data };
  const problems: TuningProblem[] = [];
  for (const issue of parsed.error.issues) {
    const field = fieldOf(draft, issue.path);
    const tooSmall = issue.code === 'too_small' && issue.path.length === 3;
    const tooBig = issue.code === 'too_big' && issue.path[2] === 'pinned';
    const message = tooSmall
      ? issue.path[2] === 'phrases'
        ? words.needsTwoPhrases
        : words.needsOneTarget
      : tooBig
        ? words.tooManyPinned
        : issue.message;
    // One message per field: the first is what to fix first.
    if (!problems.some((problem) => problem.field === field)) {
      problems.push({ field, message });
    }
  }
  return { ok: false, problems };
}
