import pg from 'pg';
import { migrate } from './migrate';

/**
 * A pool on the database with its migrations applied first (under their lock), as every
 * part of a server that talks to PostgreSQL opens it: the source and the search counts.
 */
export async function openPool(connectionString: string, max: number): Promise<pg.Pool> {
  const pool = new pg.Pool({
    connectionString,
    max,
    // A database that went away answers writes with a 503 soon, not after a minute.
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
  });
  // Idle connections break when the database restarts: the next query reconnects.
  pool.on('error', () => undefined);
  const first = await pool.connect();
  try {
    await migrate(first);
  } finally {
    first.release();
  }
  return pool;
}
