/**
 * The floor page (page.tsx): built like the widget's page script, precompressed like it
 * (the demo serves both brotli files), served by the bench's demo child at FLOOR_PAGE_PATH.
 */
import { join } from 'node:path';
import { buildReactPage } from '../../packages/widget/scripts/buildReactFloor';
import { precompressFolder } from '../../packages/widget/scripts/precompressFolder';
import { BENCH_DIR } from '../lib/environment';

export const FLOOR_PAGE_PATH = '/bench/floor-page';

/** Builds the floor page into `outDir` and returns it. */
export async function buildFloorPage(outDir: string): Promise<string> {
  await buildReactPage(join(BENCH_DIR, 'floor/page.tsx'), outDir, 'floor-page');
  precompressFolder(outDir);
  return outDir;
}
