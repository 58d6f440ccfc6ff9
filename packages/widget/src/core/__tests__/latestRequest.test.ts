import { describe, expect, it } from 'vitest';
import { createLatestRequest } from '../latestRequest';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('createLatestRequest', () => {
  it('gives the latest run its value and a superseded one null, and aborts it', async () => {
    const latest = createLatestRequest();
    const first = deferred<string>();
    const second = deferred<string>();
    const signals: AbortSignal[] = [];
    const older = latest.run((signal) => {
      signals.push(signal);
      return first.promise;
    });
    const newer = latest.run((signal) => {
      signals.push(signal);
      return second.promise;
    });
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
    second.resolve('new');
    // The older answer comes last, as if its client ignored the abort.
    first.resolve('old');
    expect(await newer).toBe('new');
    expect(await older).toBeNull();
  });

  it('rejects with the error of the latest run only', async () => {
    const latest = createLatestRequest();
    const first = deferred<string>();
    const older = latest.run(() => first.promise);
    const newer = latest.run(() => Promise.reject(new Error('offline')));
    first.reject(new Error('aborted'));
    await expect(newer).rejects.toThrow('offline');
    expect(await older).toBeNull();
  });

  it('cancel() aborts the run in flight and drops its answer', async () => {
    const latest = createLatestRequest();
    const answer = deferred<number>();
    let seen: AbortSignal | undefined;
    const run = latest.run((signal) => {
      seen = signal;
      return answer.promise;
    });
    latest.cancel();
    answer.resolve(1);
    expect(seen?.aborted).toBe(true);
    expect(await run).toBeNull();
    // A run after the cancel counts again.
    expect(await latest.run(() => Promise.resolve(2))).toBe(2);
  });
});
