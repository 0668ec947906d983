import 'server-only';
import type { BookingSelection } from '@/lib/booking/selection';
import { problem } from '@/lib/http/problem';
import { recordBookingStep } from '@/lib/metrics/registry';
import { isPartnerError } from '@/lib/partner-api/errors';
import { HOLD_TTL_SECONDS, cookieName } from '@/lib/session/booking-session';
import type { PendingAttempt } from '../records/store';
import { markTaken } from './taken-units';

/**
 * A pre-register whose answer never came: the partner may have placed the hold, under a
 * transactionId the site never learned, and nothing in the partner's documentation lets a client
 * name the transaction itself or find the hold again. That hold blocks its unit until it lapses.
 * The attempt is remembered (no guest data: the house, unit and nights, and when the hold would
 * lapse; ../records/store.ts keeps it) under a random id in a cookie of its own, so that the
 * guest's retry, if the partner then refuses the unit, is told the truth: their own earlier
 * attempt may hold it, and until when.
 */

const ATTEMPT_ID = /^[a-f0-9]{32}$/;

function attemptCookieName(): string {
  return `${cookieName()}-attempt`;
}

export function attemptIdFrom(req: Request): string | undefined {
  const name = attemptCookieName();
  for (const part of (req.headers.get('cookie') ?? '').split(/;\s*/)) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name && ATTEMPT_ID.test(part.slice(eq + 1)))
      return part.slice(eq + 1);
  }
  return undefined;
}

export function attemptCookie(attemptId: string | null): string {
  const parts = [
    `${attemptCookieName()}=${attemptId ?? ''}`,
    'Path=/',
    `Max-Age=${attemptId ? HOLD_TTL_SECONDS : 0}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (cookieName().startsWith('__Host-')) parts.push('Secure');
  return parts.join('; ');
}

/** Sent, and then no answer: the partner may have acted on it. */
export function isAmbiguous(err: unknown): boolean {
  return (
    isPartnerError(err) &&
    !err.notSent &&
    (err.code === 'timeout' || (err.code === 'unavailable' && err.upstreamStatus === undefined))
  );
}

/** Whether the hold an earlier attempt may have placed is the one standing in this selection's way. */
export function blocksSelection(
  pending: PendingAttempt | null,
  selection: BookingSelection,
): pending is PendingAttempt {
  return (
    pending !== null &&
    pending.houseId === selection.houseId &&
    pending.startDate === selection.startDate &&
    pending.endDate === selection.endDate &&
    (pending.unitId === null || selection.unitId === undefined || pending.unitId === selection.unitId)
  );
}

/**
 * The retry met the unit an earlier attempt of this guest may hold: 409 `hold_pending` with the
 * time until that hold lapses. The unit is kept out of the unit lists until then, so the guest
 * can choose another one (a selection without a chosen unit goes to any other free unit).
 */
export async function holdPending(
  pending: PendingAttempt,
  attemptId: string,
  now: number,
): Promise<Response> {
  if (pending.unitId !== null) {
    await markTaken(pending.houseId, {
      unitId: pending.unitId,
      start: pending.startDate,
      end: pending.endDate,
      until: pending.until,
      owner: `pending:${attemptId}`,
    });
  }
  recordBookingStep('pre_register', 'hold_pending');
  return problem({
    status: 409,
    code: 'hold_pending',
    title: 'An earlier attempt that got no answer may still hold this unit.',
    retryAfterSeconds: Math.max(1, Math.ceil((pending.until - now) / 1000)),
  });
}
