import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which cached partner answers one page render read, so the site server can tell whether the
 * rendered page may be stored and for how long (lib/page-cache/serve.ts).
 *
 * The site server starts a record around Next.js's handler; the upstream cache tells the current
 * record about every read (lib/upstream/cache.ts: `cacheKey` once per read, `classify` for each
 * cached entry a read finds). A page is reusable only when every read it made was answered by a
 * fresh cached entry: then nothing in it is older than the governor would serve as fresh anyway,
 * and it stays reusable until the first of those entries stops being fresh. A read that found
 * nothing (a live partner call), a stale or fallback entry, or the cache switched off make the
 * render one-off.
 *
 * The upstream cache finds the current record through a registered symbol on globalThis, so
 * lib/upstream imports nothing from here; the same symbol lets Next.js's copy of the modules and
 * the site server's copy meet.
 */

/** The shape lib/upstream/cache.ts calls (its CacheReadObserver). */
export interface CacheReadObserver {
  read(key: string): void;
  entry(storedAt: number, freshMs: number, fresh: boolean): void;
}

/** Must equal CACHE_READ_OBSERVER in lib/upstream/cache.ts (a test checks). */
export const CACHE_READ_OBSERVER_KEY = 'partner-booking-site.cache-read-observer';

export class ReadRecord implements CacheReadObserver {
  /** The cache keys read, each once. */
  readonly keys = new Set<string>();
  /** Reads asked for (one per cache key computed). */
  reads = 0;
  /** Reads answered by a cached entry still within its fresh age. */
  freshReads = 0;
  /** Set when any read met an entry past its fresh age. */
  sawOlderEntry = false;
  /** Epoch ms when the first fresh entry read stops being fresh; Infinity before any. */
  freshUntil = Infinity;

  read(key: string): void {
    this.reads += 1;
    this.keys.add(key);
  }

  entry(storedAt: number, freshMs: number, fresh: boolean): void {
    if (!fresh) {
      this.sawOlderEntry = true;
      return;
    }
    this.freshReads += 1;
    this.freshUntil = Math.min(this.freshUntil, storedAt + freshMs);
  }
}

const STORAGE = Symbol.for('partner-booking-site.read-record');
const OBSERVER = Symbol.for(CACHE_READ_OBSERVER_KEY);
const holder = globalThis as unknown as {
  [STORAGE]?: AsyncLocalStorage<ReadRecord>;
  [OBSERVER]?: { current(): CacheReadObserver | undefined };
};

function storage(): AsyncLocalStorage<ReadRecord> {
  if (!holder[STORAGE]) {
    const records = new AsyncLocalStorage<ReadRecord>();
    holder[STORAGE] = records;
    holder[OBSERVER] = { current: () => records.getStore() };
  }
  return holder[STORAGE];
}

/** Runs one request's handling with `record` collecting the cached reads it makes. */
export function runRecordingReads<T>(record: ReadRecord, fn: () => T): T {
  return storage().run(record, fn);
}

/**
 * Until when the page rendered under `record` may be reused, or null when it may not: some read
 * was not answered by a fresh cached entry. A page that read nothing from the partner is bound
 * by `maxAgeMs` alone.
 */
export function reusableUntil(record: ReadRecord, now: number, maxAgeMs: number): number | null {
  if (record.sawOlderEntry || record.freshReads !== record.reads) return null;
  const until = Math.min(record.freshUntil, now + maxAgeMs);
  return until > now ? until : null;
}
