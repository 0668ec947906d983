import type { z } from 'zod';
import { partnerFetch, type PartnerRequest } from '@/lib/partner-api/client';
import type { PartnerConfig } from '@/lib/partner-api/config';
import { isPartnerError } from '@/lib/partner-api/errors';
import type { OperationName } from '@/lib/partner-api/operations';
import { FIELD_RULES, readFields } from './field-rules';
import type { OperationReport } from './types';

/** Far below the partner's 100 calls a minute, so a check never costs the live site its quota. */
export const CALL_BUDGET = 20;

export type Outcome<T> = { ok: true; data: T } | { ok: false; error: unknown };

export function describeError(err: unknown): string {
  if (isPartnerError(err)) {
    const status = err.upstreamStatus ? ` (HTTP ${err.upstreamStatus})` : '';
    const fields = err.fields?.length ? `; fields: ${err.fields.join(', ')}` : '';
    return `${err.message}${status}${fields}`;
  }
  return err instanceof Error ? err.message : String(err);
}

/**
 * One run of the check: its partner calls (counted, never beyond the budget), the operations'
 * reports, and the problems and warnings found so far. A refused key or an unreachable partner
 * stops it: every later step asks `stopped` first.
 */
export class CheckRun {
  total = 0;
  readonly byOperation: Partial<Record<OperationName, number>> = {};
  readonly problems: string[] = [];
  readonly warnings: string[] = [];
  readonly reports: OperationReport[] = [];
  stopped: string | undefined;

  constructor(
    readonly config: PartnerConfig,
    readonly now: number,
  ) {}

  /** The site's own client and profile, one counted call each, never beyond the budget. */
  async call<S extends z.ZodType>(
    op: OperationName,
    schema: S,
    req: PartnerRequest,
  ): Promise<Outcome<z.output<S>>> {
    if (this.total >= CALL_BUDGET) return { ok: false, error: new Error('call budget spent') };
    this.total += 1;
    this.byOperation[op] = (this.byOperation[op] ?? 0) + 1;
    try {
      return { ok: true, data: await partnerFetch(op, schema, req, this.config) };
    } catch (error) {
      return { ok: false, error };
    }
  }

  /** A refused key stops the check: every later call would be refused the same way. */
  stopForKey(op: OperationName, status: number | undefined, code: 'unauthorized' | 'forbidden'): void {
    this.stopped = `the partner refused the key on ${op} (HTTP ${status}): ${code === 'unauthorized' ? 'the key is invalid or expired' : 'the key is not issued to this partner id'}`;
    this.problems.push(this.stopped);
  }

  /** Records one read operation's answer; a refused key or an unreachable partner stops the check. */
  record(op: OperationName, outcome: Outcome<unknown>): void {
    const rules = FIELD_RULES[op]!;
    if (!outcome.ok) {
      this.recordFailure(op, outcome.error);
      return;
    }
    const { items, present, missing } = readFields(outcome.data, rules);
    const report: OperationReport = {
      operation: op,
      essential: rules.essential,
      reachable: true,
      shapeValid: true,
      present,
      missing: items === 0 ? [] : missing,
    };
    if (items !== undefined) report.items = items;
    this.reports.push(report);
    if (items === 0) return;
    for (const rule of rules.fields) {
      if (rule.required && missing.some((m) => m.field === rule.field)) {
        this.problems.push(`${op} answers without ${rule.field}: ${rule.feature}`);
      }
    }
  }

  private recordFailure(op: OperationName, err: unknown): void {
    const rules = FIELD_RULES[op]!;
    const reachable = isPartnerError(err) && err.upstreamStatus !== undefined;
    const shapeValid =
      isPartnerError(err) && err.code === 'bad_gateway' && /shape/.test(err.message) ? false : null;
    this.reports.push({
      operation: op,
      essential: rules.essential,
      reachable,
      shapeValid,
      error: describeError(err),
      present: [],
      missing: [],
    });
    if (isPartnerError(err) && (err.code === 'unauthorized' || err.code === 'forbidden')) {
      this.stopForKey(op, err.upstreamStatus, err.code);
    } else if (!reachable) {
      this.stopped = `the partner is unreachable at ${this.config.baseUrl.origin}: ${describeError(err)}`;
      this.problems.push(this.stopped);
    } else if (rules.essential) {
      this.problems.push(`${op} failed, so guests cannot use the ${rules.feature}: ${describeError(err)}`);
    } else {
      this.warnings.push(
        `${op} failed, so the site goes without the ${rules.feature}: ${describeError(err)}`,
      );
    }
  }

  skip(op: OperationName, reason: string): void {
    const rules = FIELD_RULES[op]!;
    this.reports.push({
      operation: op,
      essential: rules.essential,
      skipped: reason,
      reachable: false,
      shapeValid: null,
      present: [],
      missing: [],
    });
  }
}
