/**
 * Diagnostic preload, not part of `npm run bench`: records when each HTTP request came in
 * and when its answer was finished, on the API's main thread (diagnostics channels
 * `http.server.request.start` and `http.server.response.finish`), and writes them (ms since
 * the epoch, in order) to SERVICE_TIMES_FILE when the process exits. tailFirstAsks.ts reads
 * them: while requests wait, the time between two answers finished is what the second one
 * cost the main thread (its handling, or a collection, or a wait for a core). `pairs` holds
 * each request's own arrival and finish and its client's port, in the order they finished;
 * `connections` each connection's acceptance and port.
 */
import { subscribe } from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';

const file = process.env.SERVICE_TIMES_FILE;
if (file) {
  const starts: number[] = [];
  const finishes: number[] = [];
  const pairs: [number, number, number][] = [];
  /** Each accepted connection: when, and the client's port. */
  const connections: [number, number][] = [];
  const arrived = new WeakMap<object, number>();
  const now = () => performance.timeOrigin + performance.now();
  const requestOf = (message: unknown) =>
    typeof message === 'object' && message !== null && 'request' in message
      ? message.request
      : undefined;
  subscribe('http.server.request.start', (message) => {
    const at = now();
    starts.push(at);
    const request = requestOf(message);
    if (typeof request === 'object' && request !== null) arrived.set(request, at);
  });
  subscribe('http.server.response.finish', (message) => {
    const at = now();
    finishes.push(at);
    const request = requestOf(message);
    const from = typeof request === 'object' && request !== null ? arrived.get(request) : undefined;
    const port =
      typeof message === 'object' &&
      message !== null &&
      'socket' in message &&
      typeof message.socket === 'object' &&
      message.socket !== null &&
      'remotePort' in message.socket
        ? Number(message.socket.remotePort)
        : 0;
    if (from !== undefined) pairs.push([from, at, port]);
  });
  subscribe('net.server.socket', (message) => {
    const socket =
      typeof message === 'object' && message !== null && 'socket' in message
        ? message.socket
        : undefined;
    const port =
      typeof socket === 'object' && socket !== null && 'remotePort' in socket
        ? Number(socket.remotePort)
        : 0;
    connections.push([now(), port]);
  });
  process.on('exit', () =>
    writeFileSync(file, JSON.stringify({ starts, finishes, pairs, connections })),
  );
}
