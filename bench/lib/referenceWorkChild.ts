/**
 * The machine's reference work, run in a process of its own by `measureReferenceWork.ts`:
 * the same fixed, seeded work on every machine and every run (JSON made and read, brotli, a
 * sort: what a server's answer costs, on one thread), its time printed in ms. Nothing in it
 * depends on the project's code, so a change of the code never moves it: only the machine
 * (its CPU, and what else runs on it) does.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import { seededRandom } from './stats';

const random = seededRandom(20121);
const words = ['cloud', 'data', 'portal', 'integration', 'conseil', 'technik', 'genève', 'labs'];
const word = () => words[Math.floor(random() * words.length)] ?? 'partner';
const answers = Array.from({ length: 200 }, (_, at) => ({
  partners: Array.from({ length: 10 }, (_unused, card) => ({
    title: `${word()} ${word()} ${at}-${card}`,
    summary: Array.from({ length: 30 }, word).join(' '),
    categories: [{ name: word() }, { name: word() }],
    highlights: { title: [[0, 4]] },
  })),
  totalFound: Math.floor(random() * 10_000),
  filterGroups: Array.from({ length: 4 }, () => ({
    name: word(),
    filterItems: Array.from({ length: 12 }, (_unused, id) => ({ id, name: word(), count: id })),
  })),
}));
const numbers = Array.from({ length: 100_000 }, random);

const started = performance.now();
let bytes = 0;
for (const answer of answers) {
  const json = JSON.stringify(answer);
  bytes += JSON.stringify(JSON.parse(json)).length;
}
for (const answer of answers.slice(0, 50)) {
  const json = JSON.stringify(answer);
  bytes += brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
}
bytes += [...numbers].sort((a, b) => a - b).length;
const ms = performance.now() - started;
// The byte count keeps the work from being optimized away, and tells a changed workload.
process.stdout.write(`${JSON.stringify({ ms, bytes })}\n`);
