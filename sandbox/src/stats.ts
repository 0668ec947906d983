/** Call counters for the /__sandbox/stats hook. */
import { OPERATIONS, type OperationName } from '@/lib/partner-api/operations';
import { WINDOW_MS } from './rate-limit';

export interface StatsSnapshot {
  calls: { total: number; byOperation: Record<string, number> };
  rateLimited: number;
  maxCallsInAnyMinute: number;
}

export class CallStats {
  private total = 0;
  private byOperation = CallStats.zeroes();
  private rateLimited = 0;
  private maxInWindow = 0;
  private window: number[] = [];

  constructor(private readonly now: () => number) {}

  private static zeroes(): Record<string, number> {
    return Object.fromEntries(Object.keys(OPERATIONS).map((op) => [op, 0]));
  }

  /** Every request that reaches an operation route counts, whatever its answer. */
  recordCall(op: OperationName): void {
    const now = this.now();
    this.total++;
    this.byOperation[op] = (this.byOperation[op] ?? 0) + 1;
    this.window = this.window.filter((t) => t > now - WINDOW_MS);
    this.window.push(now);
    this.maxInWindow = Math.max(this.maxInWindow, this.window.length);
  }

  /** Only answers of the real limiter; scripted 429 faults are not counted here. */
  recordRateLimited(): void {
    this.rateLimited++;
  }

  snapshot(): StatsSnapshot {
    return {
      calls: { total: this.total, byOperation: { ...this.byOperation } },
      rateLimited: this.rateLimited,
      maxCallsInAnyMinute: this.maxInWindow,
    };
  }

  reset(): void {
    this.total = 0;
    this.byOperation = CallStats.zeroes();
    this.rateLimited = 0;
    this.maxInWindow = 0;
    this.window = [];
  }
}
