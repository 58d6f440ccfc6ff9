/**
 * Diagnostic preload, not part of `npm run bench`: records every garbage collection of the
 * process it is loaded into (`--import ./bench/server/gcEvents.ts`, with GC_EVENTS_FILE set)
 * and writes them, with their wall-clock start (ms since the epoch), kind and pause, to that
 * file as JSON when the process exits. profileServer.ts keeps those of its timed load.
 */
import { writeFileSync } from 'node:fs';
import { PerformanceObserver, constants } from 'node:perf_hooks';

export interface GcEvent {
  /** ms since the epoch. */
  at: number;
  kind: 'scavenge' | 'mark-compact' | 'incremental' | 'weak callbacks' | 'other';
  ms: number;
}

const KINDS = new Map<number, GcEvent['kind']>([
  [constants.NODE_PERFORMANCE_GC_MINOR, 'scavenge'],
  [constants.NODE_PERFORMANCE_GC_MAJOR, 'mark-compact'],
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL, 'incremental'],
  [constants.NODE_PERFORMANCE_GC_WEAKCB, 'weak callbacks'],
]);

const file = process.env.GC_EVENTS_FILE;
if (file) {
  const events: GcEvent[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // A GC entry's `detail` holds its kind (Node's typings leave it off PerformanceEntry).
      const detail: unknown = Reflect.get(entry, 'detail');
      const kind =
        typeof detail === 'object' && detail !== null && 'kind' in detail
          ? KINDS.get(Number(detail.kind))
          : undefined;
      events.push({
        at: performance.timeOrigin + entry.startTime,
        kind: kind ?? 'other',
        ms: entry.duration,
      });
    }
  }).observe({ entryTypes: ['gc'] });
  process.on('exit', () => writeFileSync(file, JSON.stringify(events)));
}
