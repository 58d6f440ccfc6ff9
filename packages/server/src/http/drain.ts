import type { FastifyInstance } from 'fastify';

/** How long a stopping server keeps answering after SIGTERM, unless SHUTDOWN_DRAIN_MS says. */
export const DEFAULT_SHUTDOWN_DRAIN_MS = 5_000;

/**
 * Whether the server is on its way out. `/readyz` reads `draining` (503 from the first
 * moment); the shutdown sequence calls `startDraining()`.
 */
export interface ShutdownState {
  readonly draining: boolean;
  startDraining(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    shutdownState: ShutdownState;
  }
}

/**
 * Decorates the app with its shutdown state and, once draining (or closing), ends every
 * answer's keep-alive connection with `Connection: close`, so a client opens a new
 * connection (to another instance, once the load balancer saw `/readyz` fail) instead of
 * sending on one that is about to close.
 */
export function useDrain(app: FastifyInstance): void {
  let draining = false;
  const state: ShutdownState = {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
  app.decorate('shutdownState', state);
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('Connection', 'close');
    done(null, payload);
  });
}

/** After the listener closed, how long connections the server accepted but had not read yet get. */
const LINGER_MS = 1_000;

/**
 * Node's `server.close()` ends at once every connection it has not read a request from,
 * also one whose request already waits in its buffer because the event loop was busy: that
 * request was sent before the drain ended and would go unanswered. So connections are left
 * to be read (and answered, with `Connection: close`) for a moment after the listener
 * closed; only those still idle then are ended.
 */
function lingerBeforeClosingIdle(app: FastifyInstance): void {
  const server = app.server;
  const closeIdleConnections = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => undefined;
  setTimeout(closeIdleConnections, LINGER_MS).unref();
}

export interface ShutdownOptions {
  app: FastifyInstance;
  drainMs: number;
  /**
   * Closes the server (it stops accepting and lets in-flight requests finish:
   * `app.close()`), then whatever it serves from (the store).
   */
  close(): Promise<void>;
  exit(code: number): void;
}

/**
 * On SIGTERM or SIGINT: readiness 503 at once; answers go on for `drainMs`, each telling
 * its client to close the connection; then the server stops accepting, lets in-flight
 * requests finish (`close`) and the process exits 0 (1 when closing failed).
 */
export function onShutdownSignals(options: ShutdownOptions): void {
  const { app } = options;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.shutdownState.startDraining();
    app.log.info({ signal, drainMs: options.drainMs }, 'draining before shutdown');
    setTimeout(() => {
      app.log.info('drain over: closing');
      lingerBeforeClosingIdle(app);
      options.close().then(
        () => options.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          options.exit(1);
        },
      );
    }, options.drainMs);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
