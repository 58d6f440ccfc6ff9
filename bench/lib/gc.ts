/**
 * A forced garbage collection, so a memory figure is what was built and not garbage. The
 * bench runs without --expose-gc: the flag is set here and `gc` taken from a fresh context.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');

export const gc: () => void = (() => {
  const found: unknown = runInNewContext('typeof gc === "function" ? gc : undefined');
  return typeof found === 'function' ? () => void found() : () => undefined;
})();
