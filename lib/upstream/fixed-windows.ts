import { LRUCache } from 'lru-cache';

/*
 * Counters in fixed windows, per instance: the inbound limits on the booking steps, the link
 * check and resized pictures all count this way. No secret passes through, so the production
 * server (scripts/site-server.ts) may use it outside Next's bundles too.
 */

export interface WindowLimit {
  key: string;
  limit: number;
  windowMs: number;
}

export interface FixedWindows {
  /**
   * Checks a request against several keys at once: when any is full, the request is refused and
   * counted against none of them; otherwise it is counted against all. The seconds to wait, or null.
   */
  admit(limits: readonly WindowLimit[], now: number): number | null;
}

interface Window {
  start: number;
  count: number;
}

/** Windows for at most `max` keys; the least recently used go first. */
export function createFixedWindows(max: number): FixedWindows {
  const windows = new LRUCache<string, Window>({ max });
  // The current window of a key, started afresh when the last one has ended.
  const current = (key: string, windowMs: number, now: number): Window => {
    const w = windows.get(key);
    return w && now - w.start < windowMs ? w : { start: now, count: 0 };
  };
  return {
    admit(limits, now) {
      const state = limits.map((limit) => ({ ...limit, w: current(limit.key, limit.windowMs, now) }));
      const full = state.filter(({ w, limit }) => w.count >= limit);
      if (full.length > 0) {
        return Math.max(
          ...full.map(({ w, windowMs }) => Math.max(1, Math.ceil((w.start + windowMs - now) / 1000))),
        );
      }
      for (const { key, w, windowMs } of state) {
        w.count += 1;
        windows.set(key, w, { ttl: Math.max(1, w.start + windowMs - now) });
      }
      return null;
    },
  };
}
