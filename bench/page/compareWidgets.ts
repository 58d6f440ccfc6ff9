/**
 * Diagnostic, not part of `npm run bench`: two builds of the widget (say main's and a
 * branch's) measured by the page section's own code, in turns, each beside its floor page,
 * on one machine in one loop, so their figures can be compared under the same load.
 *
 *   npx tsx bench/page/compareWidgets.ts DIST_A DIST_B [--rounds 4]
 *
 * DIST_* are `dist/bundled` folders of the widget (e.g. built by buildWidget into a
 * temporary folder). Prints each round's page figures, then the medians per build.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FLOOR_PAGE_PATH } from '../floor/buildFloorPage';
import { summarize } from '../lib/stats';
import { measurePage } from './measurePage';
import { startDemosBesideFloor } from './withDemoInChromium';

const argv = process.argv.slice(2);
const dists = argv.filter((arg, index) => !arg.startsWith('--') && argv[index - 1] !== '--rounds');
const roundsAt = argv.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(argv[roundsAt + 1]) : 4;
const WANTED = [
  'page.firstCard',
  'page.floor.firstCard',
  'page.firstCardOverFloor',
  'page.tbt',
  'page.floor.tbt',
  'page.tbtOverFloor',
  'page.cls',
  'page.searchToPaint',
  'page.loadMoreToPaint',
  'page.loadMoreToCommit',
];

const folder = mkdtempSync(join(tmpdir(), 'pn-compare-'));
try {
  const demos = await startDemosBesideFloor(folder, dists);
  try {
    const values = dists.map(() => new Map<string, number[]>());
    for (let round = 0; round <= rounds; round += 1) {
      const order = round % 2 === 0 ? demos.map((_, i) => i) : demos.map((_, i) => i).reverse();
      for (const index of order) {
        const demo = demos[index];
        if (!demo) continue;
        const section = await measurePage({
          url: `${demo.url}/`,
          floorUrl: `${demo.url}${FLOOR_PAGE_PATH}`,
          runs: 1,
          loadMores: 10,
        });
        if (round === 0) continue; // warm-up of the servers and the OS's caches
        const line: string[] = [];
        for (const figure of section.figures) {
          if (!WANTED.includes(figure.id)) continue;
          const list = values[index]?.get(figure.id) ?? [];
          list.push(figure.summary.median);
          values[index]?.set(figure.id, list);
          line.push(`${figure.id.replace('page.', '')} ${figure.summary.median.toFixed(3)}`);
        }
        console.log(`round ${round} ${String.fromCharCode(65 + index)}: ${line.join(', ')}`);
      }
    }
    for (const [index, map] of values.entries()) {
      console.log(`\n${String.fromCharCode(65 + index)} (${dists[index]}), medians:`);
      for (const [id, list] of map) {
        const summary = summarize(list);
        console.log(
          `  ${id.padEnd(26)} ${summary.median.toFixed(3)} (${summary.min.toFixed(3)} to ${summary.max.toFixed(3)})`,
        );
      }
    }
  } finally {
    await Promise.all(demos.map((demo) => demo.stop()));
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
