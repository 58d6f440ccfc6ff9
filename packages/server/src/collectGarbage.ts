/**
 * A full garbage collection, for the one moment a server knows it holds garbage and nobody
 * waits: its start-up, before it listens. Node exposes `gc` only with `--expose-gc`; the flag
 * is set here (it only adds the function) and `gc` read from a fresh context, so the server
 * needs no flag of its own for it.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');

const found: unknown = runInNewContext('typeof gc === "function" ? gc : undefined');

/** Collects every generation now (the pause is the caller's); nothing where `gc` is missing. */
export function collectGarbage(): void {
  if (typeof found === 'function') found();
}
