import type { FastifyInstance } from 'fastify';

interface Waiter {
  connection: object;
  go: () => void;
}

/**
 * The order a busy server answers its requests in: the requests taken in together, the
 * connection answered least lately first.
 *
 * Without it a busy server answers requests in the order the kernel reports their
 * connections readable, and that order starves one connection in turn: the connection
 * answered last in a round has not sent its next request when the server looks again, so
 * it is put behind every connection that has, for that round and the next. Its request
 * waits for about twice as many answers as the others' (17 to 27 against 9 at 10
 * connections, in the bench's first-ask pass): the slowest of the answers under load,
 * whatever each answer costs (bench/README.md, branch fair27).
 *
 * Here the requests the event loop takes in together (one turn of its poll) wait until it
 * has taken them all, then each is handled in a task of its own (`setImmediate`), the
 * connection answered longest ago first (a new connection first; arrival order among
 * equals). Their order costs a sort per turn of the loop, not a turn of the loop per
 * request. A request's handling still leaves the thread to the next one where it waits for
 * I/O (a database), as before.
 */
export class FairTurns {
  #waiting: Waiter[] = [];
  #lastServed = new WeakMap<object, number>();
  #served = 0;
  #scheduled = false;

  /** Calls `go` in a later task, in `connection`'s turn among the requests taken in with it. */
  take(connection: object, go: () => void): void {
    this.#waiting.push({ connection, go });
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#order);
    }
  }

  readonly #order = (): void => {
    this.#scheduled = false;
    const batch = this.#waiting;
    this.#waiting = [];
    const lastServed = (waiter: Waiter) => this.#lastServed.get(waiter.connection) ?? 0;
    // Array.prototype.sort is stable: arrival order among equals.
    if (batch.length > 1) batch.sort((a, b) => lastServed(a) - lastServed(b));
    for (const waiter of batch) {
      this.#served += 1;
      this.#lastServed.set(waiter.connection, this.#served);
      setImmediate(waiter.go);
    }
  };
}

/**
 * Every request waits for its turn (`FairTurns`) before any other hook runs: its body
 * parse, its validation and its answer are made in its turn.
 */
export function useFairTurns(app: FastifyInstance, turns = new FairTurns()): void {
  app.addHook('onRequest', (request, _reply, done) => {
    turns.take(request.raw.socket ?? request.raw, done);
  });
}
