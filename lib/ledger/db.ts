import 'server-only';

/**
 * The one way the ledger reaches its database, the same for the embedded PGlite (one instance)
 * and a real Postgres (a fleet), so every statement is the same SQL over both. Values come back
 * as the drivers give them: queries cast what they select (`::int`, `::float8`, `to_char`) so
 * both drivers hand over the same plain numbers and strings.
 */
export interface Queryable {
  /** One statement with `$1…` parameters; its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (the migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
