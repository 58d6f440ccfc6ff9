/**
 * The load generator's process: autocannon runs here, not in the bench process (which may
 * have loaded a 100k directory for the store figures, and whose garbage collections would
 * then pause the client) and not in the server's. The parent sends one scenario at a time
 * over IPC (`LoadJob`) and gets its figures back (`LoadReply`); every scenario is bounded
 * by a duration or a request count. See loadGenerator.ts for the parent's side.
 */
import autocannon from 'autocannon';
import type { LoadJob, LoadReply } from './loadGenerator';
import { isLoadJob } from './loadGenerator';
import { percentile } from './stats';

const send = (reply: LoadReply) => process.send?.(reply);

/** The local port of an autocannon client's connection (diagnostics: the server's remote port). */
function portOf(client: unknown): number {
  const conn: unknown =
    typeof client === 'object' && client !== null ? Reflect.get(client, 'conn') : undefined;
  const port: unknown =
    typeof conn === 'object' && conn !== null ? Reflect.get(conn, 'localPort') : undefined;
  return typeof port === 'number' ? port : 0;
}

/**
 * One scenario: the requests cycle in order over all connections. Latency comes from
 * autocannon's per-response times (sub-millisecond), not its integer histogram.
 */
async function run(job: LoadJob): Promise<LoadReply> {
  let next = 0;
  const { primer } = job;
  // With a primer, each connection asks it first and its answer is neither timed nor counted:
  // autocannon builds each connection's first request as it makes the connection, in order,
  // so the first `connections` requests built are the primers.
  if (primer && !('amount' in job.bound)) throw new Error('a primer needs a count-bound job');
  let primers = primer ? job.connections : 0;
  /** The connections whose first answer (the primer's) has come. */
  const primed = new WeakSet<object>();
  const latencies: number[] = [];
  /** Each answer's arrival (ms since the epoch), beside its time, when the job keeps them. */
  const ends: number[] = [];
  /** And the local port of the connection each came on (with LOAD_KEEP_ENDS=1). */
  const ports: number[] = [];
  const keepEnds = job.keepLatencies && process.env.LOAD_KEEP_ENDS === '1';
  let bytes = 0;
  /** What went wrong, by message (timeouts, resets), for the error that ends the scenario. */
  const failures = new Map<string, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.url,
        connections: job.connections,
        pipelining: 1,
        timeout: job.timeoutSeconds,
        ...(job.maxRate ? { overallRate: job.maxRate } : {}),
        ...('seconds' in job.bound
          ? { duration: job.bound.seconds }
          : { amount: job.bound.amount + primers }),
        requests: [
          {
            setupRequest(request) {
              if (primer && primers > 0) {
                primers -= 1;
                return { ...request, ...primer };
              }
              const chosen = job.requests[next % job.requests.length];
              next += 1;
              return { ...request, ...chosen };
            },
          },
        ],
      },
      (error, done) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on('reqError', (error: unknown) => {
      const text = error instanceof Error ? error.message : String(error);
      failures.set(text, (failures.get(text) ?? 0) + 1);
    });
    instance.on('response', (client, statusCode, responseBytes, responseTime) => {
      if (primer && typeof client === 'object' && client !== null && !primed.has(client)) {
        primed.add(client);
        return;
      }
      if (statusCode !== 200) return;
      latencies.push(responseTime);
      if (keepEnds) {
        ends.push(performance.timeOrigin + performance.now());
        ports.push(portOf(client));
      }
      bytes += responseBytes;
    });
  });
  if (result.non2xx > 0 || result.errors > 0) {
    return {
      type: 'error',
      id: job.id,
      message: `${result.non2xx} non-2xx answers and ${result.errors} errors (${result.timeouts} timeouts) under load: ${[...failures].map(([text, count]) => `${count} x ${text}`).join('; ')}`,
    };
  }
  if (latencies.length === 0) return { type: 'error', id: job.id, message: 'no answer under load' };
  if (primer && 'amount' in job.bound && latencies.length !== job.bound.amount)
    return {
      type: 'error',
      id: job.id,
      message: `${latencies.length} timed answers after the primers, not ${job.bound.amount}`,
    };
  return {
    type: 'loaded',
    id: job.id,
    result: {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      rps: latencies.length / result.duration,
      requests: latencies.length,
      bytesPerAnswer: bytes / latencies.length,
      seconds: result.duration,
      ...(job.keepLatencies ? { latencies } : {}),
      ...(keepEnds ? { ends, ports } : {}),
    },
  };
}

process.on('message', (message: unknown) => {
  if (!isLoadJob(message)) return;
  run(message).then(send, (error: unknown) =>
    send({
      type: 'error',
      id: message.id,
      message: error instanceof Error ? error.message : String(error),
    }),
  );
});
// The bench went away: do not outlive it.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
