import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, Server } from 'node:http';
import { Agent, createServer, request as sendRequest } from 'node:http';

/** A request the server asks itself: a POST of `body` to `path`. */
export interface LoopbackRequest {
  path: string;
  headers: Readonly<Record<string, string>>;
  body: string;
}

export interface LoopbackWarmUp {
  /** Requests answered (any status), and those that got no answer. */
  answered: number;
  failed: number;
  /** How long it took, in whole milliseconds. */
  ms: number;
}

/** The requests of the warm-up: nothing outside this module can add to it. */
const warmUpRequests = new WeakSet<IncomingMessage>();

/**
 * Whether a request is one the server asked itself at start-up (`warmUpOverLoopback`): it
 * is not logged, counted in `/metrics`, counted as a visitor's search, or held against a
 * client's rate limit. Only this module's own listener marks requests, so a client cannot.
 */
export function isWarmUpRequest(request: { raw: IncomingMessage }): boolean {
  return warmUpRequests.has(request.raw);
}

function listenOnLoopback(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

function ask(port: number, agent: Agent, request: LoopbackRequest): Promise<void> {
  return new Promise((resolve, reject) => {
    const sent = sendRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: request.path,
        agent,
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      },
      (answer) => {
        answer.on('error', reject);
        answer.on('end', resolve);
        answer.resume();
      },
    );
    sent.on('error', reject);
    sent.end(request.body);
  });
}

/**
 * Asks `app` (ready, not yet listening) `requests` over a loopback socket of its own, on
 * `connections` keep-alive connections at once, then closes that socket; stops asking at
 * `deadlineMs`. The answers go through everything a visitor's does: Node's HTTP parser and
 * socket writes, Fastify's routing and hooks, the body's parse and check, the answer and
 * its compression, so V8 has compiled that path on the server's own objects before the first
 * visitor's request, where in-process answers (answer/warmUpAnswers) leave the HTTP half of
 * it to the first visitors (bench/README.md, warm23). A listener that cannot open (no
 * loopback) or a request that fails only ends the warm-up sooner: the server starts anyway.
 */
export async function warmUpOverLoopback(
  app: FastifyInstance,
  requests: readonly LoopbackRequest[],
  options: { connections?: number; deadlineMs?: number } = {},
): Promise<LoopbackWarmUp> {
  const started = performance.now();
  const result: LoopbackWarmUp = { answered: 0, failed: 0, ms: 0 };
  if (requests.length === 0) return result;
  const server = createServer((request, response) => {
    warmUpRequests.add(request);
    app.routing(request, response);
  });
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections ?? 10 });
  try {
    const port = await listenOnLoopback(server);
    const deadline = started + (options.deadlineMs ?? Infinity);
    let next = 0;
    const connection = async () => {
      while (next < requests.length && performance.now() < deadline) {
        const request = requests[next];
        next += 1;
        if (!request) continue;
        try {
          await ask(port, agent, request);
          result.answered += 1;
        } catch {
          result.failed += 1;
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: options.connections ?? 10 }, connection));
  } catch {
    // No loopback listener: the server starts without this warm-up.
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}
