/**
 * Whether a text search's cost moves with the machine or with the site: SITES answering
 * sites of the section's 1k directory built alike, then each asked the section's text
 * searches (five passes, each search's median, their p50 in µs) in turns, ROUNDS times. A
 * row that moves for every site at once is the machine's moment, not a site's layout: the
 * reason the section times its text and near engines in alternate passes
 * (bench/README.md, near-paired). Not part of `npm run bench`:
 *   [SITES=4] [ROUNDS=4] npx tsx bench/search/machineModes.ts
 */
import { percentile } from '../lib/stats';
import { readSearchMix } from './measureSearch';
import type { SiteAnswers } from '@partners-network/server';
import { buildAnsweringSite, textCriteria } from './searchEngines';

const sites = Number(process.env.SITES ?? 4);
const rounds = Number(process.env.ROUNDS ?? 4);
const { read, texts } = await readSearchMix(1000);
const answering: SiteAnswers[] = [];
for (let at = 0; at < sites; at += 1) answering.push((await buildAnsweringSite(read.site)).answers);

/** The p50 over the texts of each one's median of five passes, in µs. */
function p50Of(answers: SiteAnswers): number {
  const times: number[][] = texts.map(() => []);
  for (let pass = 0; pass < 5; pass += 1) {
    for (const [at, text] of texts.entries()) {
      const start = process.hrtime.bigint();
      answers.answer(textCriteria(text), 'en-US');
      times[at]?.push(Number(process.hrtime.bigint() - start) / 1000);
    }
  }
  return percentile(
    times.map((row) => percentile(row, 50)),
    50,
  );
}

for (const answers of answering) p50Of(answers);
for (let round = 0; round < rounds; round += 1) {
  console.log(
    `round ${round + 1}: ${answering.map((answers) => p50Of(answers).toFixed(0)).join(' ')}`,
  );
}
