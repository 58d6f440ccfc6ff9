/**
 * The section's searches near a city with text and no radius (the near engine's slow kind):
 * how many distinct cards their answers show as text and near a city, their texts' length
 * and highlights, and markHighlights over each answer's own cards, hot (fastest of 300).
 * Near answers show other partners (more distinct cards, out of the caches in the mix's
 * order), not more work per card. Not part of `npm run bench`:
 *   npx tsx bench/search/hlNear.ts
 */
import { resolveSearch } from '../../packages/server/src/answer/resolveSearch';
import { markHighlights } from '../../packages/server/src/answer/markHighlights';
import { loadNearSlowCases } from './nearSlowCases';

const { built, answers, cases: slow } = await loadNearSlowCases(1000);
const cases = slow.map(({ text, criteria, near }) => {
  const search = resolveSearch(built.info, near, 'en-US');
  if (!search) throw new Error('x');
  const words = built.index.matchedWords('en-US', search.terms);
  return {
    text,
    words,
    nearCards: answers.answer(near, 'en-US').partners,
    textCards: answers.answer(criteria, 'en-US').partners,
  };
});
const distinct = (pick: (c: (typeof cases)[number]) => { title: string }[]) =>
  new Set(cases.flatMap((c) => pick(c).map((p) => p.title))).size;
console.log(
  'distinct cards: text',
  distinct((c) => c.textCards),
  'near',
  distinct((c) => c.nearCards),
);
const len = (pick: (c: (typeof cases)[number]) => { title: string; summary: string }[]) =>
  cases.reduce(
    (s, c) => s + pick(c).reduce((t, p) => t + p.title.length + p.summary.length, 0),
    0,
  ) / cases.length;
console.log(
  'chars per answer: text',
  len((c) => c.textCards).toFixed(0),
  'near',
  len((c) => c.nearCards).toFixed(0),
);
const hl = (
  pick: (c: (typeof cases)[number]) => { highlights?: { title: unknown[]; summary: unknown[] } }[],
) =>
  cases.reduce(
    (s, c) =>
      s +
      pick(c).reduce(
        (t, p) => t + (p.highlights?.title.length ?? 0) + (p.highlights?.summary.length ?? 0),
        0,
      ),
    0,
  ) / cases.length;
console.log(
  'ranges per answer: text',
  hl((c) => c.textCards).toFixed(1),
  'near',
  hl((c) => c.nearCards).toFixed(1),
);
for (const which of ['textCards', 'nearCards', 'textCards', 'nearCards'] as const) {
  let best = Infinity;
  for (let round = 0; round < 300; round += 1) {
    let sum = 0;
    for (const c of cases) {
      const copies = c[which].map((card) => ({ ...card }));
      const start = process.hrtime.bigint();
      if (c.words) markHighlights(copies, c.words);
      sum += Number(process.hrtime.bigint() - start);
    }
    best = Math.min(best, sum / cases.length / 1000);
  }
  console.log(which, best.toFixed(2), 'µs');
}
