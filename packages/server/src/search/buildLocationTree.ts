/**
 * A site's kd-tree of locations (kdbush). Sorting 200k locations (100k partners) takes 100
 * to 300 ms: on the main thread, at the end of a whole build, it would hold up every search
 * that long. So a large tree is sorted in a worker thread of its own, which sends the
 * tree's one buffer back (moved, not copied) and ends; a small one is sorted here.
 */
import { Worker } from 'node:worker_threads';
import KDBush from 'kdbush';

/** Locations per kd-tree leaf: kdbush's and geokdbush's default. */
export const NODE_SIZE = 64;
/**
 * From this many locations the tree is sorted in a worker thread: below, sorting takes tens
 * of milliseconds, less than a worker's start on a busy machine (it took 2 s at load 17).
 */
export const TREE_WORKER_FROM = 100_000;

/** What the worker runs: kdbush is plain JavaScript, so no TypeScript loader is needed. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.kdbush).then(({ default: KDBush }) => {
  const { longitudes, latitudes, nodeSize } = workerData;
  const tree = new KDBush(longitudes.length, nodeSize, Float64Array);
  for (let at = 0; at < longitudes.length; at += 1) tree.add(longitudes[at], latitudes[at]);
  tree.finish();
  parentPort.postMessage(tree.data, [tree.data]);
});
`;

function sortHere(longitudes: Float64Array, latitudes: Float64Array): KDBush {
  const tree = new KDBush(longitudes.length, NODE_SIZE, Float64Array);
  for (let at = 0; at < longitudes.length; at += 1) {
    tree.add(longitudes[at] ?? 0, latitudes[at] ?? 0);
  }
  return tree.finish();
}

function sortInWorker(longitudes: Float64Array, latitudes: Float64Array): Promise<KDBush> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // Copies: the caller keeps its arrays (the distances are computed from them).
      workerData: {
        kdbush: import.meta.resolve('kdbush'),
        longitudes,
        latitudes,
        nodeSize: NODE_SIZE,
      },
    });
    worker.unref();
    worker.once('message', (data: unknown) => {
      void worker.terminate();
      if (data instanceof ArrayBuffer) resolve(KDBush.from(data));
      else reject(new Error('the location tree worker sent no tree'));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the location tree worker exited (${code})`)));
  });
}

/** The kd-tree of the locations; undefined for none. */
export async function buildLocationTree(
  longitudes: Float64Array,
  latitudes: Float64Array,
  workerFrom = TREE_WORKER_FROM,
): Promise<KDBush | undefined> {
  if (longitudes.length === 0) return undefined;
  if (longitudes.length < workerFrom) return sortHere(longitudes, latitudes);
  try {
    return await sortInWorker(longitudes, latitudes);
  } catch {
    // No worker threads where this runs: sorted here, the search waits once.
    return sortHere(longitudes, latitudes);
  }
}
