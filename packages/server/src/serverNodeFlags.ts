/**
 * The Node flags the server runs with (`npm start -w @partners-network/server`, `npm start`'s
 * demo server, the bench's API children): a test keeps both start scripts in step with them.
 * Each was measured with the bench's memory rounds (100k partners, 100 connections; figures in
 * bench/README.md):
 *
 * - `--max-semi-space-size=4` caps V8's young generation at 12 MB: under 100 connections it
 *   grew to its default cap of 48 MB and stayed there (peak 396 MB against 446 MB, the same
 *   throughput: objects of a search die young, scavenges stay short).
 * - `--heap-growing-percent=100` lets the old generation grow to twice what was live after a
 *   full collection before the next one, where V8 by default lets it grow to three times or
 *   more when allocation is fast: the caches replace answers as fast as new searches come
 *   in, and at 1,000 answers a second the heap held 140 MB for 40 MB live, and the process
 *   kept over 100 MB more after the rounds. With it the peak stayed under 380 MB where it
 *   had reached 470 and 567 MB; full collections run about twice as often.
 * - `--no-parallel-scavenge` has the scavenger collect the young generation on the thread that
 *   pauses rather than with helper threads: on a busy machine (two cores, the load generator or
 *   a neighbour on one) the pause waits for helpers that are not running. In the first-ask pass
 *   (every answer fresh, 10 connections, 10k partners) the scavenges of the pass summed 118 to
 *   187 ms against 291 to 336 ms without it, their longest 11 to 65 ms against 44 to 143, and
 *   the pass used less CPU per answer in 4 runs of 4 (bench/README.md). It changes no heap size.
 * - `--initial-old-space-size=96` keeps the old generation's limit at 96 MB or more after a full
 *   collection (twice what was live is larger once over 48 MB live). A server ends its start-up
 *   with about 27 MB live at 10k and 100k partners; each fresh answer then promotes about 5 KB
 *   (cache entries), and V8 starts marking well before the limit (a marking task at 45 MB of a
 *   64 MB limit, at 40 of 80), so the full collection came after about 3,000 requests: inside
 *   the bench's first-ask pass in most traced runs at 100k, its pause a stall of the ten
 *   requests in flight. Floors of 64 and 80 MB still let it fall in the pass; with 96 it fell
 *   in none of 12 traced passes. It costs memory under heavy load: the 100k memory rounds'
 *   peak 286 MB against 268 (bench/README.md, first-ask11).
 * - `--interrupt-budget=8448` (an eighth of V8's 67584) has a function tier up to the
 *   optimizing compiler after an eighth of the bytecode run: the start-up warm-up's 600 fresh
 *   answers then get more of the fresh path (the answer's steps, Node's HTTP and stream code,
 *   Fastify, zod, brotli) compiled before the first visitor, where by default the first
 *   thousand new searches compiled it on a core the visitors needed. In the first-ask pass
 *   (10k partners, 10 connections) the main thread's CPU per answer was lower in most
 *   alternated runs (median -156 µs of about 1,100) with 55 to 58 functions optimized in it
 *   against 66 to 67; it costs start-up time (about 500 functions optimized against 220,
 *   about a second more at 10k on the slow machine). Figures: bench/README.md, tail22.
 */
export const SERVER_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=4',
  '--heap-growing-percent=100',
  '--no-parallel-scavenge',
  '--initial-old-space-size=96',
  '--interrupt-budget=8448',
];
