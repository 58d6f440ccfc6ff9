/**
 * The Node flags the server runs with (`npm start -w @partners-network/server`; the bench's
 * API children too). `--max-semi-space-size=4` caps V8's young generation at 12 MB: under
 * 100 connections it grew to its default cap of 48 MB and stayed there. Measured at 100k
 * partners (bench, operate section): peak RSS under load 396 MB against 446 MB, and the
 * same throughput (objects of a search die young; scavenges stay short).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4'];
