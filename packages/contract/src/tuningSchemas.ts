/**
 * How an operator tunes a site's search (the console's Tuning view and the admin API):
 * synonym sets, and rules that pin or hide partners for a query. The server lays them
 * into every answer as steps (answer/applyTuning.ts); changing them rebuilds nothing.
 */
import * as z from 'zod/mini';
import { searchCriteriaSchema, searchResponseSchema } from './schemas';

export const TUNING_PHRASE_MAX_LENGTH = 100;
/** Words of a phrase: what a visitor types for one idea ("cloud native"). */
export const TUNING_PHRASE_MAX_WORDS = 5;
export const MAX_SYNONYM_SETS = 500;
export const MAX_QUERY_RULES = 500;
export const MAX_PINNED = 20;
export const MAX_HIDDEN = 100;

/** Letters and digits of any script, with spaces, hyphens and apostrophes between them. */
const PHRASE_PATTERN = /^[\p{L}\p{N}\p{M}][\p{L}\p{N}\p{M}' -]*$/u;

/** A word or a few, as a visitor would type them; matched as the search folds text. */
export const tuningPhraseSchema = z.string().check(
  z.trim(),
  z.minLength(1, 'a phrase cannot be empty'),
  z.maxLength(
    TUNING_PHRASE_MAX_LENGTH,
    `a phrase is at most ${TUNING_PHRASE_MAX_LENGTH} characters`,
  ),
  z.regex(PHRASE_PATTERN, 'a phrase is letters or digits, with spaces, hyphens or apostrophes'),
  z.refine(
    (phrase) => phrase.split(/\s+/).length <= TUNING_PHRASE_MAX_WORDS,
    `a phrase is at most ${TUNING_PHRASE_MAX_WORDS} words`,
  ),
);

/** Phrases that mean the same: a search for any one also finds the others. */
export const equivalentSynonymsSchema = z.object({
  kind: z.literal('equivalent'),
  phrases: z.array(tuningPhraseSchema).check(z.minLength(2), z.maxLength(20)),
});

/** A search for `from` also finds `to` ("kubernetes" → "cloud native"), not the other way. */
export const oneWaySynonymsSchema = z.object({
  kind: z.literal('oneWay'),
  from: tuningPhraseSchema,
  to: z.array(tuningPhraseSchema).check(z.minLength(1), z.maxLength(20)),
});

export const synonymSetSchema = z.discriminatedUnion('kind', [
  equivalentSynonymsSchema,
  oneWaySynonymsSchema,
]);

const partnerSlugSchema = z
  .string()
  .check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a partner slug'), z.maxLength(200));

/**
 * For one query (as the search folds it: case, accents and punctuation aside): partners
 * shown first, in this order, and partners never shown.
 */
export const queryRuleSchema = z.object({
  query: tuningPhraseSchema,
  pinned: z.array(partnerSlugSchema).check(z.maxLength(MAX_PINNED)),
  hidden: z.array(partnerSlugSchema).check(z.maxLength(MAX_HIDDEN)),
});

/** A site's tuning, as the admin API reads and writes it whole. */
export const siteTuningSchema = z.object({
  synonymSets: z.array(synonymSetSchema).check(z.maxLength(MAX_SYNONYM_SETS)),
  queryRules: z.array(queryRuleSchema).check(z.maxLength(MAX_QUERY_RULES)),
});

/** Body of POST …/tuning/preview: a tuning not saved, and the search to answer with it. */
export const tuningPreviewSchema = z.object({
  tuning: siteTuningSchema,
  criteria: searchCriteriaSchema,
});

/**
 * Answer of POST …/tuning/preview: the search's answer, and which of its cards the query's
 * rule pinned (the console marks them: a pinned card is first because the operator said so).
 */
export const tuningPreviewAnswerSchema = z.extend(searchResponseSchema, {
  /** Positions on this page (from 0) of the partners the rule for the text pinned. */
  pinnedPositions: z.array(z.int().check(z.nonnegative())),
});

export type SynonymSet = z.infer<typeof synonymSetSchema>;
export type QueryRule = z.infer<typeof queryRuleSchema>;
export type SiteTuning = z.infer<typeof siteTuningSchema>;
export type TuningPreviewAnswer = z.infer<typeof tuningPreviewAnswerSchema>;

export const EMPTY_TUNING: SiteTuning = { synonymSets: [], queryRules: [] };
