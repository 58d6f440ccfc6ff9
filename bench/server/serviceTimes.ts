/**
 * Diagnostic preload, not part of `npm run bench`: records when each HTTP request came in
 * and when its answer was finished, on the API's main thread (diagnostics channels
 * `http.server.request.start` and `http.server.response.finish`), and writes them (ms since
 * the epoch, in order) to SERVICE_TIMES_FILE when the process exits. tailFirstAsks.ts reads
 * them: while requests wait, the time between two answers finished is what the second one
 * cost the main thread (its handling, or a collection, or a wait for a core).
 */
import { subscribe } from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';

const file = process.env.SERVICE_TIMES_FILE;
if (file) {
  const starts: number[] = [];
  const finishes: number[] = [];
  const now = () => performance.timeOrigin + performance.now();
  subscribe('http.server.request.start', () => starts.push(now()));
  subscribe('http.server.response.finish', () => finishes.push(now()));
  process.on('exit', () => writeFileSync(file, JSON.stringify({ starts, finishes })));
}
