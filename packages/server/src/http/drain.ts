import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'node:net';
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

/**
 * How long the end of the drain waits for the kernel's queue of connections to be taken in
 * before closing the listener anyway: a bound for a listener its own process cannot reach,
 * far above the few hundred milliseconds a starved server takes (bench/README.md).
 */
const ACCEPT_QUEUE_WAIT_MS = 10_000;

/** The loopback address that reaches a listener bound to `address`. */
function reachableHost(address: AddressInfo): string {
  if (address.address === '0.0.0.0') return '127.0.0.1';
  if (address.address === '::') return '::1';
  return address.address;
}

/**
 * Calls `then` once the server has accepted every connection the kernel completed before
 * this call. Closing a listener resets the connections still in its queue, requests sent
 * on them included, and Node takes only one connection from that queue per turn of its
 * event loop (libuv 1.45 and later): under load, with every answer of the drain sending
 * its client to a new connection, the queue holds clients who sent their request hundreds
 * of milliseconds before. So a connection of its own is queued behind them: the queue is
 * first in, first out, and once that one is accepted, so is every connection before it.
 * Those queued after it came after the drain ended; closing resets them as it always did.
 */
function whenQueuedConnectionsAccepted(server: Server, then: () => void): void {
  const address = server.address();
  // Not listening, or on a pipe whose peers have no port to tell this connection by.
  if (address === null || typeof address === 'string') {
    then();
    return;
  }
  const marker = connect({ host: reachableHost(address), port: address.port });
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    server.off('connection', onConnection);
    marker.destroy();
    then();
  };
  const onConnection = (socket: Socket) => {
    if (socket.remotePort !== marker.localPort || socket.remoteAddress !== marker.localAddress) {
      return;
    }
    socket.destroy();
    finish();
  };
  const timer = setTimeout(finish, ACCEPT_QUEUE_WAIT_MS);
  server.on('connection', onConnection);
  // Unreachable from here: close as before.
  marker.once('error', finish);
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
 * its client to close the connection; then the server takes in the connections waiting in
 * the kernel's queue, stops accepting, lets in-flight requests finish (`close`) and the
 * process exits 0 (1 when closing failed).
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
      whenQueuedConnectionsAccepted(app.server, () => {
        lingerBeforeClosingIdle(app);
        options.close().then(
          () => options.exit(0),
          (error: unknown) => {
            app.log.error({ err: error }, 'shutdown failed');
            options.exit(1);
          },
        );
      });
    }, options.drainMs);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
