/**
 * collectGarbage: a full collection without --expose-gc (the server's flags do not set it),
 * for the start-up warm-up's garbage.
 */
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../collectGarbage';

/** A weak reference to an object nothing else holds (made in a job of its own). */
function unreachable(): WeakRef<object> {
  return new WeakRef({ bytes: new Uint8Array(1024) });
}

describe('collectGarbage', () => {
  it('collects an object nothing holds any more', async () => {
    const weak = unreachable();
    // A WeakRef's target lives until the job that made or read it ends.
    await new Promise((resolve) => setImmediate(resolve));
    expect(weak.deref()).toBeDefined();
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(weak.deref()).toBeUndefined();
  });
});
