/**
 * "Only the latest request may change the page", on its own: each run aborts the one
 * before it, and an answer that comes back after a newer run (or after cancel()) is
 * dropped even when the client ignored the abort. A run resolves to null when it was
 * superseded; the latest one resolves to its value or rejects with its error.
 */
export interface LatestRequest {
  run<T>(send: (signal: AbortSignal) => Promise<T>): Promise<T | null>;
  /** Aborts the request in flight; its run resolves to null. */
  cancel(): void;
}

export function createLatestRequest(): LatestRequest {
  let current: AbortController | null = null;
  return {
    async run(send) {
      current?.abort();
      const mine = new AbortController();
      current = mine;
      try {
        const value = await send(mine.signal);
        return current === mine ? value : null;
      } catch (error) {
        if (current === mine) throw error;
        return null;
      } finally {
        // A newer run (or cancel()) took over meanwhile: it owns `current`.
        if (current === mine) current = null;
      }
    },
    cancel() {
      current?.abort();
      current = null;
    },
  };
}
