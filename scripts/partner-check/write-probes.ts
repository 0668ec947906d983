import { z } from 'zod';
import { buildPartnerUrl } from '@/lib/partner-api/client';
import { isPartnerError } from '@/lib/partner-api/errors';
import { describeError, type CheckRun, type Outcome } from './run';
import type { ProbeOutcome, WriteOperation, WriteProbeReport } from './types';
import { isRecord } from '@/lib/validation/guards';

/**
 * The booking writes proven without booking anything: each gets one request, through the site's
 * own client and profile, that the partner must refuse. A refusal of the input shows that the
 * profile's method and path reach the operation; a 404 or 405, a redirect or a page that is not
 * JSON shows that they do not, which a read-only check cannot see.
 *
 * Neither request can hold or book: the pre-registration carries no guest (name, address, e-mail
 * and phone are required) and an arrival a year in the past with no night, and names no
 * transaction, so it can neither create a hold nor change one; the finalization names no
 * transaction and a payment type that does not exist, so it can reach no hold.
 */

const ANY_JSON = z.unknown();

function day(now: number, offsetDays: number): string {
  return new Date(now + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

interface Probe {
  /** What the request asks, in words, for the report. */
  asks: string;
  /** The body under our names; the profile renames it and writes its dates. */
  body: (houseId: number | undefined, now: number) => Record<string, unknown>;
}

const PROBES: Record<WriteOperation, Probe> = {
  preRegisterReservation: {
    asks: 'a stay that arrived a year ago and lasts no night, without guest details',
    body: (houseId, now) => ({
      // The search's own house, so a partner that looks the house up first finds it.
      ...(houseId !== undefined ? { houseID: houseId } : {}),
      startDate: day(now, -365),
      endDate: day(now, -365),
    }),
  },
  finalizeReservation: {
    asks: 'no transactionId and a payment type that does not exist',
    // No transactionId at all: an unknown one would be a 404 too, indistinguishable from a wrong path.
    body: () => ({ paymentType: 'NotAPaymentType' }),
  },
};

export const WRITE_OPERATIONS = Object.keys(PROBES) as WriteOperation[];

/** An error body sent with a 2xx status: the partner refused, only its status says otherwise. */
function isErrorBody(body: unknown): boolean {
  if (!isRecord(body)) return false;
  return body.status === 'error' || (typeof body.code === 'number' && body.code >= 400 && body.code < 500);
}

export interface ProbeVerdict {
  outcome: Exclude<ProbeOutcome, 'skipped'>;
  status?: number;
  /** What the answer shows, in words. */
  detail: string;
}

/** What one answer to a request the partner must refuse tells about the profile's method and path. */
export function classifyProbe(answer: Outcome<unknown>): ProbeVerdict {
  if (answer.ok) {
    return isErrorBody(answer.data)
      ? { outcome: 'refused', detail: 'refused with an error body (but a 2xx status)' }
      : { outcome: 'accepted', detail: 'accepted (2xx with an answer)' };
  }
  const err = answer.error;
  if (!isPartnerError(err)) return { outcome: 'inconclusive', detail: describeError(err) };
  if (err.notSent) return { outcome: 'inconclusive', detail: `not sent: ${describeError(err)}` };
  const status = err.upstreamStatus;
  const withStatus = status !== undefined ? { status } : {};
  if (err.code === 'invalid_input' && status !== undefined) {
    const fields = err.fields?.length
      ? `; fields: ${err.fields.slice(0, 6).join(', ')}${err.fields.length > 6 ? ', …' : ''}`
      : '';
    return { outcome: 'refused', status, detail: `refused (HTTP ${status}${fields})` };
  }
  if (status === 409 || status === 410) {
    return { outcome: 'refused', status, detail: `refused as a conflict (HTTP ${status})` };
  }
  if (status === 404) return { outcome: 'wrong-path', status, detail: 'HTTP 404 (no such path)' };
  if (status === 405) {
    return { outcome: 'wrong-method', status, detail: 'HTTP 405 (the path does not take this method)' };
  }
  if (err.code === 'unauthorized' || err.code === 'forbidden') {
    return { outcome: 'key-refused', ...withStatus, detail: `the key was refused (HTTP ${status})` };
  }
  if (/redirect/i.test(err.message)) {
    return { outcome: 'wrong-path', detail: 'a redirect (not the partner API)' };
  }
  if (err.code === 'bad_gateway' && status !== undefined && status >= 200 && status < 300) {
    return {
      outcome: 'wrong-path',
      status,
      detail: `HTTP ${status} with a body that is not JSON (not the partner API)`,
    };
  }
  return { outcome: 'inconclusive', ...withStatus, detail: describeError(err) };
}

/** The problem or warning a verdict gives, naming the profile entry to change. */
function verdictLine(probe: WriteProbeReport): { problem?: string; warning?: string } {
  const { operation: op, method, path } = probe;
  const sent = `${method} ${path}`;
  switch (probe.outcome) {
    case 'wrong-path':
      return {
        problem: `${op}: ${sent} answered ${probe.detail}, so no guest could book through it: change operations.${op}.path in the partner profile`,
      };
    case 'wrong-method':
      return {
        problem: `${op}: ${sent} answered ${probe.detail}, so no guest could book through it: change operations.${op}.method (or operations.${op}.path) in the partner profile`,
      };
    case 'accepted':
      return {
        problem: `${op}: ${sent} answered a request with ${PROBES[op].asks} with success: the partner accepted a request it must refuse; ask the partner whether it holds or booked anything, and check operations.${op} in the partner profile`,
      };
    case 'key-refused':
      return {
        problem: `${op}: the partner refused the key on ${sent} (HTTP ${probe.status}): the key may read but not book; ask the partner to allow bookings for it`,
      };
    case 'inconclusive':
      return { warning: `${op}: ${sent} could not be proven: ${probe.detail}` };
    default:
      return {};
  }
}

/** The profile's path for a write, under the partner's base URL. */
function pathOf(run: CheckRun, op: WriteOperation): string {
  try {
    return buildPartnerUrl(run.config, op, {}).pathname;
  } catch {
    return run.config.profile.operations[op].path;
  }
}

/** One request per write operation that the partner must refuse, counted in the call budget. */
export async function probeWritePaths(
  run: CheckRun,
  houseId: number | undefined,
): Promise<WriteProbeReport[]> {
  const reports: WriteProbeReport[] = [];
  for (const op of WRITE_OPERATIONS) {
    const method = run.config.profile.operations[op].method;
    const path = pathOf(run, op);
    if (run.stopped) {
      reports.push({
        operation: op,
        method,
        path,
        outcome: 'skipped',
        detail: 'not sent: the check stopped',
      });
      continue;
    }
    const answer = await run.call(op, ANY_JSON, { body: PROBES[op].body(houseId, run.now), language: 'NL' });
    const verdict = classifyProbe(answer);
    const report: WriteProbeReport = { operation: op, method, path, ...verdict };
    reports.push(report);
    const line = verdictLine(report);
    if (line.problem) run.problems.push(line.problem);
    if (line.warning) run.warnings.push(line.warning);
  }
  return reports;
}
