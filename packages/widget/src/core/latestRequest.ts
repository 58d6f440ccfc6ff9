/**
 * "Only the latest request may change the page", on its own: each run aborts the one
 * before it, and an answer that comes back after a newer run (or after cancel()) is
 * dropped even when the client ignored the abort. The caller sees the latest outcome
 * only, and null for a superseded one.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface LatestRequest {
  run<T>(send: (signal: AbortSignal) => Promise<T>): Promise<Outcome<T> | null>;
  /** Aborts the request in flight; its outcome will be null. */
  cancel(): void;
}

export function createLatestRequest(): LatestRequest {
  let current: AbortController | null = null;
  async function run<T>(send: (signal: AbortSignal) => Promise<T>): Promise<Outcome<T> | null> {
    current?.abort();
    const mine = new AbortController();
    current = mine;
    let outcome: Outcome<T>;
    try {
      outcome = { ok: true, value: await send(mine.signal) };
    } catch (error) {
      outcome = { ok: false, error };
    }
    // A newer run, or cancel(), took over while this one was on its way.
    if (current !== mine) return null;
    current = null;
    return outcome;
  }
  return {
    run,
    cancel() {
      current?.abort();
      current = null;
    },
  };
}
