/**
 * What the near diagnostics (stepsNear.ts, hlNear.ts) share: the search section's directory
 * of `size` partners built as its answering engines build it (searchEngines.ts), and the
 * section's searches near a city with text and no radius (the near engine's slowest kind),
 * each with its city, as the section pairs them. Not part of `npm run bench`.
 */
import { readSearchMix } from './measureSearch';
import { buildAnsweringSite, citiesOf, textCriteria } from './searchEngines';

export async function loadNearSlowCases(size: number) {
  const { read, texts } = await readSearchMix(size);
  const { built, answers } = await buildAnsweringSite(read.site);
  const cities = citiesOf(read.site);
  const turns = new Map<string, number>();
  for (const text of texts) if (!turns.has(text)) turns.set(text, turns.size);
  const wanted = texts.filter((text) => {
    const turn = turns.get(text) ?? 0;
    return turn % 2 === 0 && turn % 3 !== 2;
  });
  const cases = wanted.map((text) => {
    const turn = turns.get(text) ?? 0;
    const point = cities[turn % cities.length] ?? { latitude: 0, longitude: 0 };
    const criteria = textCriteria(text);
    return { text, criteria, near: { ...criteria, near: point } };
  });
  return { built, answers, cases };
}
