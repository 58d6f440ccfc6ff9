import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { isWarmUpRequest } from './warmUpOverLoopback';

let stdoutDestination: ReturnType<typeof pino.destination> | undefined;
let stdoutStream: LineStream | undefined;

/** What pino writes its lines to. */
interface LineStream {
  write(line: string): boolean;
  /** pino's `logger.flush()` calls it when the stream has it. */
  flush(callback?: (error?: Error) => unknown): void;
}

/** Lines wait until they are this many bytes (about 50 request lines), or a second. */
const LOG_WRITE_BYTES = 16 * 1024;

/**
 * Standard output for log lines, one per process. Lines gather in a buffer and leave in one
 * write once it holds 16 KB (under load, one write for about fifty requests instead of one
 * per line: each write is a round trip to a thread of libuv's pool, which on two busy cores
 * cost more than it writes; at 4 KB a batch, the API took as much or up to 27 % more CPU per
 * answer in 5 alternated runs), and at least once a second on a quiet server. Writes are made
 * off the main thread: a log collector that stalls (or a disk the kernel throttles) never
 * holds up an answer; should it stall long enough that 16 MB of lines wait, further lines are
 * dropped rather than memory growing. What waits is written when the process exits (pino flushes
 * then, also on `process.exit`): only a hard kill (SIGKILL, a native crash) loses it, at most
 * the last second of lines.
 *
 * Each line is handed over as its bytes (the destination's `buffer` mode): the destination
 * then keeps a list of them and joins them once per write. Given text, it appends each line
 * to one pending string and measures that whole string's UTF-8 length again on every line,
 * then copies it into bytes once more after writing it: about 3 µs of every request under
 * load (bench/README.md, the fourth round).
 */
function stdoutLines(): LineStream {
  if (stdoutStream) return stdoutStream;
  const destination = pino.destination({
    sync: false,
    minLength: LOG_WRITE_BYTES,
    // Pending lines are written in chunks of this size; it must be above minLength.
    maxWrite: 4 * LOG_WRITE_BYTES,
    maxLength: 16 * 1024 * 1024,
    periodicFlush: 1000,
    contentMode: 'buffer',
  });
  stdoutDestination = destination;
  stdoutStream = {
    // Its type declares text only; in `buffer` mode its `write` takes bytes.
    write: (line) => Reflect.apply(destination.write, destination, [Buffer.from(line)]) !== false,
    flush: (callback) => destination.flush(callback),
  };
  return stdoutStream;
}

/**
 * Writes the log lines that wait in the buffer, before this returns: the start-up lines,
 * once the server listens, come before anything printed after them.
 */
export function flushServerLog(): void {
  stdoutDestination?.flushSync();
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Options made by `serverLoggerOptions`: no serializer, hook or format of a host's own. */
const serverOptions = new WeakSet<object>();

/**
 * The server's logger (`logger: true` in `buildApp`): pino's JSON lines at `info` on stdout
 * (or on `stream`, for a test that reads them).
 */
export function serverLoggerOptions(
  stream: { write(line: string): void } = stdoutLines(),
): LoggerOptions {
  const options = { level: 'info', stream };
  serverOptions.add(options);
  return options;
}

/** Whether these are the server's own logger options (`serverLoggerOptions`). */
export function isServerLoggerOptions(options: unknown): boolean {
  return typeof options === 'object' && options !== null && serverOptions.has(options);
}

const {
  chindingsSym,
  endSym,
  levelValSym,
  lsCacheSym,
  messageKeySym,
  needsMetadataGsym,
  streamSym,
  timeSym,
} = pino.symbols;

/** pino's `info`. */
const INFO = 30;

/**
 * A "request completed" line as pino writes it with the server's own options, put together
 * here from pino's own parts (the level and time as it renders them, the request logger's
 * bindings, its stream): the same bytes without pino's generic path, which walks the object,
 * runs Fastify's serializers and escapes each value, about 4 µs a request. Nothing is
 * written below `info`, as pino would. False when the logger is not shaped as expected
 * (pino's path writes the line then).
 */
function writeCompletedLine(log: object, request: FastifyRequest, reply: FastifyReply): boolean {
  if (!hasSymbols(log)) return false;
  const threshold = log[levelValSym];
  if (typeof threshold !== 'number') return false;
  if (threshold > INFO) return true;
  const chindings = log[chindingsSym];
  const levels = log[lsCacheSym];
  const time = log[timeSym];
  const end = log[endSym];
  const stream = log[streamSym];
  const level: unknown = typeof levels === 'object' && levels ? Reflect.get(levels, INFO) : null;
  if (
    typeof chindings !== 'string' ||
    typeof level !== 'string' ||
    typeof time !== 'function' ||
    typeof end !== 'string' ||
    log[messageKeySym] !== 'msg' ||
    !hasSymbols(stream) ||
    stream[needsMetadataGsym] === true ||
    !('write' in stream) ||
    typeof stream.write !== 'function'
  )
    return false;
  const rendered: unknown = time.call(log);
  const host = request.host;
  // The method is a token Node's parser checked: nothing in it to escape.
  const req = `{"method":"${request.method}","url":${JSON.stringify(request.url)}${host === undefined ? '' : `,"host":${JSON.stringify(host)}`}}`;
  stream.write(
    `${level}${String(rendered)}${chindings},"req":${req},"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},"msg":"request completed"${end}`,
  );
  return true;
}

/** pino keeps its parts under symbols: an object read by them. */
function hasSymbols(value: unknown): value is Record<symbol, unknown> {
  return typeof value === 'object' && value !== null;
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
  /** Whether the app logs with the server's own options (`serverLoggerOptions`). */
  readonly #serverLogger: boolean;
  readonly #onAnswered: ((request: FastifyRequest, reply: FastifyReply) => void) | undefined;

  /**
   * `onAnswered`: what else is done once per answer, logged or not (the metrics' count).
   * Fastify calls this controller once every answer has gone, after the onResponse hooks:
   * here it costs a call, where one more onResponse hook is a step Fastify takes on every
   * request.
   */
  constructor(
    options: {
      serverLogger?: boolean;
      onAnswered?: (request: FastifyRequest, reply: FastifyReply) => void;
    } = {},
  ) {
    super();
    this.#serverLogger = options.serverLogger ?? false;
    this.#onAnswered = options.onAnswered;
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // The server's own start-up requests are neither counted nor logged.
    if (isWarmUpRequest(request)) return;
    this.#onAnswered?.(request, reply);
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: requestOf(request), res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      if (this.#serverLogger && writeCompletedLine(reply.log, request, reply)) return;
      reply.log.info(
        { req: requestOf(request), res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
  }
}
