import { BookingApiError } from './booking-api';

/** Codes with their own localized text under booking.errors.*; anything else reads as "generic". */
export const KNOWN_PROBLEMS = [
  'unit_taken',
  'selection_invalid',
  'not_available',
  'hold_expired',
  'too_many_requests',
  'busy',
  'timeout',
  'network',
  'finalize_in_progress',
  'already_finalized',
  'no_booking_session',
  'payment_type_unavailable',
  'partner_rejected',
  'invalid_input',
  'generic',
] as const;
export type KnownProblem = (typeof KNOWN_PROBLEMS)[number];

const BUSY = new Set(['quota_exhausted', 'rate_limited', 'unavailable']);

export function problemCode(err: unknown): KnownProblem {
  if (!(err instanceof BookingApiError)) return 'generic';
  if (BUSY.has(err.code)) return 'busy';
  return (KNOWN_PROBLEMS as readonly string[]).includes(err.code) ? (err.code as KnownProblem) : 'generic';
}

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The localized sentence for a failed booking request (never the server's own text). */
export function problemMessage(t: Translate, err: unknown): string {
  const code = problemCode(err);
  const seconds =
    err instanceof BookingApiError && err.retryAfterSeconds !== undefined
      ? Math.max(1, Math.ceil(err.retryAfterSeconds))
      : 0;
  if ((code === 'busy' || code === 'too_many_requests') && seconds > 0) {
    return t(`errors.${code}Retry`, { seconds });
  }
  return t(`errors.${code}`);
}
