import 'server-only';
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';

/**
 * The embedded ledger: PGlite (Postgres compiled to WebAssembly) keeping its files in one folder.
 * Only one process may open a folder, or its files are corrupted: a lock file with the owner's
 * process id guards it, and a second process is refused (it should be given DATABASE_URL, or a
 * folder of its own). A lock left by a process that is gone is taken over.
 */

export class LedgerFolderInUse extends Error {
  constructor(readonly dir: string) {
    super(`the ledger folder ${dir} is in use by another process`);
    this.name = 'LedgerFolderInUse';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock; the function that gives it back. */
function lockFolder(dir: string): () => void {
  const file = path.join(dir, 'ledger.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        process.off('exit', release);
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && alive(owner)) throw new LedgerFolderInUse(dir);
      unlinkSync(file);
    }
  }
  throw new LedgerFolderInUse(dir);
}

function queryable(db: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await db.query<T>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}

export async function openPglite(dir: string): Promise<Db> {
  const folder = path.resolve(dir);
  mkdirSync(folder, { recursive: true });
  const release = lockFolder(folder);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(path.join(folder, 'pgdata'));
  } catch (err) {
    release();
    throw err;
  }
  return {
    kind: 'pglite',
    ...queryable(pglite),
    transaction: (work) => pglite.transaction((tx) => work(queryable(tx))),
    async close() {
      try {
        await pglite.close();
      } finally {
        release();
      }
    },
  };
}
