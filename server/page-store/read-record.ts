import { withRequestContext, type CacheReadObserver } from '@/lib/request-context';
import { onCacheWrite } from '@/lib/upstream/cache';

/**
 * Which cached partner answers one page render read, so the site server can tell whether the
 * rendered page may be stored and for how long (server/page-store/serve.ts).
 *
 * The site server starts a record around Next.js's handler; the upstream cache tells the current
 * record about every read (lib/upstream/cache.ts: `cacheKey` once per read, `classify` for each
 * cached entry a read finds). A page is reusable only when every read it made was answered by a
 * fresh cached entry: then nothing in it is older than the governor would serve as fresh anyway,
 * and it stays reusable until the first of those entries stops being fresh.
 *
 * A render that also used stale entries the governor served at once while refreshing them (its
 * normal steady state for popular pages) is reusable too, by this instance only: no longer than
 * the fresh age of those entries' operations (a page of fresh answers may live as long), within
 * their stale age, and only until one of its entries is written again (server/page-store/serve.ts
 * drops it then). The governor would serve the same stale entries to a new render until that
 * write, so a guest gets nothing older than a render would show; a refresh made by another
 * instance is seen within that fresh age.
 * A read that found nothing (a live partner call), a fallback entry served because the partner
 * could not answer, an entry too old for the read, or the cache switched off make the render
 * one-off.
 *
 * The record is the request context's `cacheReads` (lib/request-context.ts), which the upstream
 * cache reads, so Next.js's copy of the modules and the site server's copy meet in it.
 */

export { onCacheWrite };
export type { CacheReadObserver };

export class ReadRecord implements CacheReadObserver {
  /** The cache keys read, each once. */
  readonly keys = new Set<string>();
  /** Reads asked for (one per cache key computed). */
  reads = 0;
  /** Reads answered by a cached entry still within its fresh age. */
  freshReads = 0;
  /** Entries met past their fresh age. */
  olderEntries = 0;
  /** Of those, the ones the governor served as they were while refreshing them. */
  staleServedReads = 0;
  /** Epoch ms when the first fresh entry read stops being fresh; Infinity before any. */
  freshUntil = Infinity;
  /** Epoch ms when the first stale entry served stops being servable; Infinity before any. */
  staleUntil = Infinity;
  /** The shortest fresh age of the operations whose stale entries were served; Infinity before any. */
  staleFreshMs = Infinity;
  /** Set when one of the entries read was written again while the render ran. */
  overtaken = false;

  /** Whether any read met an entry past its fresh age. */
  get sawOlderEntry(): boolean {
    return this.olderEntries > 0;
  }

  read(key: string): void {
    this.reads += 1;
    this.keys.add(key);
  }

  entry(storedAt: number, freshMs: number, fresh: boolean): void {
    if (!fresh) {
      this.olderEntries += 1;
      return;
    }
    this.freshReads += 1;
    this.freshUntil = Math.min(this.freshUntil, storedAt + freshMs);
  }

  staleServed(staleUntil: number, freshMs: number): void {
    this.staleServedReads += 1;
    this.staleUntil = Math.min(this.staleUntil, staleUntil);
    this.staleFreshMs = Math.min(this.staleFreshMs, freshMs);
  }
}

/** Runs one request's handling with `record` collecting the cached reads it makes. */
export function runRecordingReads<T>(record: ReadRecord, fn: () => T): T {
  return withRequestContext({ cacheReads: record }, fn);
}

export interface Reuse {
  /** Epoch ms until which the page may be served again. */
  readonly until: number;
  /** False when it was built partly from stale entries: only this instance may serve it again. */
  readonly shareable: boolean;
}

/**
 * Whether, and until when, the page rendered under `record` may be reused; null when it may not
 * (a read was not answered from the cache as it stands, or an entry it read was written since).
 * A page that read nothing from the partner is bound by `maxAgeMs` alone.
 */
export function reusableUntil(record: ReadRecord, now: number, maxAgeMs: number): Reuse | null {
  if (record.overtaken) return null;
  if (record.olderEntries !== record.staleServedReads) return null;
  if (record.freshReads + record.staleServedReads !== record.reads) return null;
  const stale = record.staleServedReads > 0;
  const until = Math.min(
    record.freshUntil,
    now + maxAgeMs,
    stale ? Math.min(record.staleUntil, now + record.staleFreshMs) : Infinity,
  );
  return until > now ? { until, shareable: !stale } : null;
}
