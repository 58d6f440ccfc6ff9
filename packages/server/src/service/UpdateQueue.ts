/**
 * One task at a time per key: a task asked for while one runs runs once after it (so it
 * sees what the running one may have missed), and every later ask joins that queued one.
 * Each site's updates go through it: never two builds of a site at once, never a backlog.
 */
export class UpdateQueue<T> {
  readonly #running = new Map<string, Promise<T>>();
  readonly #queued = new Map<string, Promise<T>>();

  /** The task running for a key, if any. */
  running(key: string): Promise<T> | undefined {
    return this.#running.get(key);
  }

  run(key: string, task: () => Promise<T>): Promise<T> {
    const queued = this.#queued.get(key);
    if (queued) return queued;
    const start = (): Promise<T> => {
      this.#queued.delete(key);
      const step = task();
      this.#running.set(key, step);
      const done = () => {
        if (this.#running.get(key) === step) this.#running.delete(key);
      };
      step.then(done, done);
      return step;
    };
    const running = this.#running.get(key);
    if (!running) return start();
    const next = running.catch(() => undefined).then(start);
    this.#queued.set(key, next);
    return next;
  }
}
