/** Scripted failures for the client's resilience tests, per sandbox instance. */
import { z } from 'zod';
import { OPERATIONS, type OperationName } from '@/lib/partner-api/operations';

const OPERATION_NAMES = Object.keys(OPERATIONS) as [OperationName, ...OperationName[]];

export const FAULT_TYPES = [
  'latency',
  'status',
  'timeout',
  'malformed',
  'rateLimit',
  'redirect',
  'reset',
  'slowSuccess',
] as const;
export const MALFORMED_VARIANTS = ['truncated', 'invalidJson', 'wrongShape', 'wrongContentType'] as const;

export const FaultSchema = z.object({
  operation: z.union([z.enum(OPERATION_NAMES), z.literal('*')]),
  type: z.enum(FAULT_TYPES),
  /** How many calls the fault answers; absent = until cleared. */
  count: z.number().int().positive().optional(),
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  status: z.number().int().min(200).max(599).optional(),
  /** Seconds or an HTTP-date, sent verbatim as Retry-After; absent = no header. */
  retryAfter: z.string().min(1).max(100).optional(),
  /** rateLimit only: the 429 body with HTTP status 200. */
  bodyOnly: z.boolean().optional(),
  location: z.url().optional(),
  /** malformed only: pin one kind instead of rotating through them. */
  variant: z.enum(MALFORMED_VARIANTS).optional(),
});

export type FaultSpec = z.infer<typeof FaultSchema>;

interface ActiveFault {
  readonly spec: FaultSpec;
  remaining: number;
  /** Counts answers, to rotate through the malformed variants. */
  used: number;
}

export class FaultStore {
  private faults: ActiveFault[] = [];

  add(spec: FaultSpec): void {
    this.faults.push({ spec, remaining: spec.count ?? Number.POSITIVE_INFINITY, used: 0 });
  }

  /** The oldest fault that still applies to this operation, consumed by one call. */
  take(op: OperationName): { spec: FaultSpec; use: number } | undefined {
    const fault = this.faults.find(
      (f) => f.remaining > 0 && (f.spec.operation === '*' || f.spec.operation === op),
    );
    if (!fault) return undefined;
    fault.remaining--;
    const use = fault.used++;
    this.faults = this.faults.filter((f) => f.remaining > 0);
    return { spec: fault.spec, use };
  }

  list(): FaultSpec[] {
    return this.faults.map((f) => f.spec);
  }

  clear(): void {
    this.faults = [];
  }
}
