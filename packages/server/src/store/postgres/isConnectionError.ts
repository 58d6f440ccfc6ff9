/**
 * Errors that mean PostgreSQL cannot be reached (down, restarting, unreachable), not that
 * a query was wrong: the source turns them into SourceUnavailableError.
 */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  return (
    // Node's socket errors, and PostgreSQL's admin shutdown (57P01), cannot connect now
    // (57P03) and the connection exception class (08…).
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P03'].includes(
      code,
    ) ||
    code.startsWith('08') ||
    // pg's own words when a pooled connection breaks or never comes.
    /Connection terminated|connect ECONNREFUSED|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(
      error.message,
    )
  );
}
