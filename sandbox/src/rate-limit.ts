/** Sliding-window limit per API key: at most `limit` admitted calls in any 60 s. */

export const WINDOW_MS = 60_000;

export type LimitOutcome =
  { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly now: () => number,
  ) {}

  /** Rejected calls are not recorded, so a client that backs off recovers when the window moves. */
  hit(key: string): LimitOutcome {
    const now = this.now();
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - WINDOW_MS);
    this.hits.set(key, recent);
    if (recent.length >= this.limit) {
      const oldest = recent[0] ?? now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000)) };
    }
    recent.push(now);
    return { allowed: true };
  }

  reset(): void {
    this.hits.clear();
  }
}
