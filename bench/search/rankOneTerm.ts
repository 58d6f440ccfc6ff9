/**
 * Diagnostic, not part of `npm run bench`: what ranking a search of one term costs the
 * index alone (`SiteIndex.findFirst`, a first page of 10, no filters), over the one-term
 * texts of the server section's first-ask pass and mix (en-US), at a directory size. Two
 * passes: with the term sets kept (the searches asked again, `valuesOf` or the levels laid
 * from the kept runs) and fresh (the term-set cache emptied before each search: the term's
 * typo walk and set made too). Each pass 15 times; prints the fastest and the median, in µs
 * per search. Run it in two checkouts, one after the other, to weigh a change of the ranking
 * (bench/README.md, rank25). With `several`, the texts of two or more terms instead (ranked
 * by each candidate's values, bench/README.md, rank26).
 *
 *   npx tsx bench/search/rankOneTerm.ts [partnerCount=100000] [several]
 */
import { SiteIndexBuilder, searchTerms } from '@partners-network/server';
import { ensureDirectoryDb } from '../server/directories';
import { readSiteDefinitions } from '../server/measureServer';
import { buildQueryMix, firstAskPass } from '../server/queryMix';
import { readDocuments } from './measureSearch';

const PASSES = 15;
const count = Number(process.argv[2] ?? 100_000);
const several = process.argv[3] === 'several';
const path = await ensureDirectoryDb(count);
const { documents } = await readDocuments(path);
const builder = new SiteIndexBuilder(documents.length);
documents.forEach((_, ordinal) => builder.addToGlobalFilter(0, ordinal));
builder.addLocale(
  'en-US',
  documents.map((document, ordinal) => ({ ordinal, documentId: ordinal + 1, ...document })),
);
const index = builder.build();
const definitions = await readSiteDefinitions(path);
const texts = [
  ...new Set(
    [...firstAskPass(definitions).firstAsks, ...buildQueryMix(definitions, 400)]
      .filter((query) => query.locale === 'en-US')
      .map((query) => query.criteria.text),
  ),
].filter((text) => (searchTerms(text).length === 1) === !several);

function pass(fresh: boolean): number {
  const started = performance.now();
  for (const text of texts) {
    if (fresh) index.termSets.clear();
    const query = { locale: 'en-US', globalFilterId: 0, itemGroups: [], terms: searchTerms(text) };
    index.findFirst(query, 10);
  }
  return ((performance.now() - started) / texts.length) * 1000;
}

console.log(`${texts.length} ${several ? 'several-term' : 'one-term'} texts at ${count} partners`);
for (const [name, fresh] of [
  ['term sets kept', false],
  ['fresh', true],
] as const) {
  const times = Array.from({ length: PASSES }, () => pass(fresh)).sort((a, b) => a - b);
  const median = times[Math.floor(PASSES / 2)] ?? 0;
  console.log(
    `${name}: fastest ${(times[0] ?? 0).toFixed(1)} µs, median ${median.toFixed(1)} µs a search`,
  );
}
