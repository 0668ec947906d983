import 'server-only';
import { Pool, type PoolClient } from 'pg';
import { getLogger } from '@/lib/log';
import type { Db, Queryable } from './db';

/**
 * The ledger on a Postgres server (DATABASE_URL). A small pool: the ledger writes a row per
 * booking and a few counters a minute. A server that goes away fails the statements of the
 * moment (the outbox and the deliveries table keep what was not written) and is connected to
 * again by the next one.
 */

function queryable(client: Pool | PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query(sql, [...params]);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

export function openPostgres(url: string): Db {
  const pool = new Pool({
    connectionString: url,
    max: 4,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    query_timeout: 15_000,
  });
  // An idle connection the server dropped: without a listener the process would crash on it.
  pool.on('error', (err) => {
    getLogger().warn(
      { event: 'ledger.db_connection_lost', err: { name: err.name } },
      'ledger database connection lost',
    );
  });
  return {
    kind: 'postgres',
    ...queryable(pool),
    async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await work(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw err;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
