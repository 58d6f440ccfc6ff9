/**
 * Diagnostic, not part of `npm run bench`: the index alone (`SiteIndex.findFirst`, a first
 * page of 10, no filters) of this checkout against another's (a second checkout with its
 * node_modules), both built in this process over the same directory, timed in alternate
 * passes so that both sides share the machine's moments (bench/README.md, near-paired).
 * Checks first that both give the same answers. Texts (en-US), by `kind`:
 *
 * - `sequence` (default): every text of the server section's warm-up, first asks and mix in
 *   their order, the term-set cache emptied before each pass: kept and new terms as the
 *   server meets them;
 * - `one` or `several`: the texts of one term or of several, their term sets kept.
 *
 *   npx tsx bench/search/pairRanking.ts <otherRoot> [partnerCount=100000] [kind] [passes=16]
 */
import { join } from 'node:path';
import * as ours from '@partners-network/server';
import { ensureDirectoryDb } from '../server/directories';
import { readSiteDefinitions } from '../server/measureServer';
import { buildQueryMix, firstAskPass } from '../server/queryMix';
import { readDocuments } from './measureSearch';

type Server = typeof ours;
const [otherRoot, countArg, kindArg, passesArg] = process.argv.slice(2);
if (!otherRoot) throw new Error('usage: pairRanking.ts <otherRoot> [partnerCount] [kind] [passes]');
const count = Number(countArg ?? 100_000);
const kind = kindArg ?? 'sequence';
const passes = Number(passesArg ?? 16);
// The other checkout's server, read as this one's: the same exports, older or newer code.
const other: Server = (await import(join(otherRoot, 'packages/server/src/index.ts'))) as Server;

const path = await ensureDirectoryDb(count);
const { documents } = await readDocuments(path);
function build(server: Server) {
  const builder = new server.SiteIndexBuilder(documents.length);
  documents.forEach((_, ordinal) => builder.addToGlobalFilter(0, ordinal));
  builder.addLocale(
    'en-US',
    documents.map((document, ordinal) => ({ ordinal, documentId: ordinal + 1, ...document })),
  );
  return builder.build();
}
const sides = [
  { name: 'ours', index: build(ours), times: [] as number[] },
  { name: 'other', index: build(other), times: [] as number[] },
];
const definitions = await readSiteDefinitions(path);
const pass = firstAskPass(definitions);
const texts = [...pass.warmUp, ...pass.firstAsks, ...buildQueryMix(definitions, 400)]
  .filter((query) => query.locale === 'en-US')
  .map((query) => query.criteria.text);
const chosen =
  kind === 'sequence'
    ? texts.filter((text) => ours.searchTerms(text).length > 0)
    : [...new Set(texts)].filter(
        (text) => (ours.searchTerms(text).length === 1) === (kind === 'one'),
      );
const queries = chosen.map((text) => ({
  locale: 'en-US',
  globalFilterId: 0,
  itemGroups: [],
  terms: ours.searchTerms(text),
}));

for (const query of queries) {
  const [a, b] = sides.map((side) => side.index.findFirst(query, 10, { wholeRank: 'set' }));
  const same =
    a?.total === b?.total &&
    a?.ordinals.join() === b?.ordinals.join() &&
    a?.crossingRank?.toArray().join() === b?.crossingRank?.toArray().join();
  if (!same) throw new Error(`the two answer "${query.terms.join(' ')}" differently`);
}
for (let run = 0; run < passes; run += 1) {
  for (const side of run % 2 === 0 ? sides : [...sides].reverse()) {
    if (kind === 'sequence') side.index.termSets.clear();
    const started = performance.now();
    for (const query of queries) side.index.findFirst(query, 10);
    side.times.push(((performance.now() - started) / queries.length) * 1000);
  }
}
console.log(`${queries.length} ${kind} searches at ${count} partners, ${passes} passes each`);
for (const side of sides) {
  const sorted = [...side.times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  console.log(
    `${side.name}: fastest ${(sorted[0] ?? 0).toFixed(1)} µs, median ${median.toFixed(1)} µs a search`,
  );
}
