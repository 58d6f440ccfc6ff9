/**
 * A SHA-256 of the search section's answers near a city (searchEngines' oursNear: each text
 * of the mix near its city, every other one within 100 km, every third one without its
 * text), each answer's wire JSON as the search route sends it: the same on two trees means
 * the section times the same answers. Not part of `npm run bench`:
 *   SIZE=1000 npx tsx bench/search/hashSectionNear.ts
 */
import { createHash } from 'node:crypto';
import { readSearchMix } from './measureSearch';
import { buildAnsweringSite, citiesOf, textCriteria } from './searchEngines';

const size = Number(process.env.SIZE ?? 1000);
const { read, texts } = await readSearchMix(size);
const { answers } = await buildAnsweringSite(read.site);
const cities = citiesOf(read.site);
const turns = new Map<string, number>();
const hash = createHash('sha256');
for (const text of texts) {
  const turn = turns.get(text) ?? turns.size;
  turns.set(text, turn);
  const point = cities[turn % cities.length];
  if (!point) throw new Error('the directory has no locations');
  const criteria = {
    ...textCriteria(text),
    near: point,
    ...(turn % 2 === 1 ? { radiusKm: 100 } : {}),
    ...(turn % 3 === 2 ? { text: '' } : { text }),
  };
  hash.update(answers.kept(criteria, 'en-US').text());
  // The objects too (what the section's engine asks for), as JSON.
  hash.update(JSON.stringify(answers.answer(criteria, 'en-US')));
}
console.log(`${size}: ${texts.length} answers near a city, sha256 ${hash.digest('hex')}`);
