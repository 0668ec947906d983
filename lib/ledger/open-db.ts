import 'server-only';
import type { Db } from './db';

export interface DbTarget {
  /** A Postgres server; when absent, PGlite in `dir`. */
  readonly databaseUrl?: string | undefined;
  readonly dir: string;
}

/** Opens the database the settings name; the drivers are loaded only when used. */
export async function openDb(target: DbTarget): Promise<Db> {
  if (target.databaseUrl) {
    const { openPostgres } = await import('./pg-db');
    return openPostgres(target.databaseUrl);
  }
  const { openPglite } = await import('./pglite-db');
  return openPglite(target.dir);
}
