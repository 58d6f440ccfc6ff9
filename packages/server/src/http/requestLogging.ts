import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import pino from 'pino';

let stdoutDestination: ReturnType<typeof pino.destination> | undefined;

/**
 * Standard output for log lines, one per process. Lines gather in a buffer and leave in one
 * write once it holds 4 KB (under load, one write for ten to twenty requests instead of one
 * per line), and at least once a second on a quiet server. Writes are made off the main
 * thread: a log collector that stalls (or a disk the kernel throttles) never holds up an
 * answer; should it stall long enough that 16 MB of lines wait, further lines are dropped
 * rather than memory growing. What waits is written when the process exits (pino flushes
 * then, also on `process.exit`): only a hard kill (SIGKILL, a native crash) loses it, at most
 * the last second of lines.
 */
function stdoutLines(): ReturnType<typeof pino.destination> {
  stdoutDestination ??= pino.destination({
    sync: false,
    minLength: 4096,
    maxLength: 16 * 1024 * 1024,
    periodicFlush: 1000,
  });
  return stdoutDestination;
}

/**
 * Writes the log lines that wait in the buffer, before this returns: the start-up lines,
 * once the server listens, come before anything printed after them.
 */
export function flushServerLog(): void {
  stdoutDestination?.flushSync();
}

/** The server's logger (`logger: true` in `buildApp`): pino's JSON lines at `info` on stdout. */
export function serverLoggerOptions(): Exclude<FastifyServerOptions['logger'], boolean> {
  return { level: 'info', stream: stdoutLines() };
}

/**
 * Fastify's request log lines, one per request instead of two: the line written when the
 * answer has gone says what "incoming request" and "request completed" said together:
 * `reqId`, the request (method, url, host), the answer's status and its time in ms (and the
 * error, for one that failed). Not the client's address or port: a visitor's address is kept
 * nowhere (the per-client limit holds it in memory for an hour), and a log is kept somewhere.
 * Every other line Fastify writes (errors, 404s) is unchanged.
 */
/** What a log line says of a request (Fastify's serializer reads these fields only). */
function requestOf(request: FastifyRequest) {
  return { method: request.method, url: request.url, host: request.host };
}

export class RequestLogLines extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: requestOf(request), res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info(
        { req: requestOf(request), res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
  }
}
