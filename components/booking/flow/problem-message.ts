import { BookingApiError } from './booking-api';

/** Codes with their own localized text under booking.errors.*; anything else reads as "generic". */
export const KNOWN_PROBLEMS = [
  'unit_taken',
  'hold_pending',
  'selection_invalid',
  'not_available',
  'preferences_unavailable',
  'hold_expired',
  'too_many_requests',
  'busy',
  'timeout',
  'network',
  'finalize_in_progress',
  'already_finalized',
  'no_booking_session',
  'payment_type_unavailable',
  'unit_mismatch',
  'partner_rejected',
  'dates_rejected',
  'invalid_input',
  'generic',
] as const;
export type KnownProblem = (typeof KNOWN_PROBLEMS)[number];

/** A failed booking step as the page explains it: which text, and when a retry may work. */
export interface BookingProblem {
  code: KnownProblem;
  retryAfterSeconds?: number | undefined;
}

const BUSY = new Set(['quota_exhausted', 'rate_limited', 'unavailable']);

/** Codes whose fix is another choice on the preferences step, not a retry. */
const CHOICE_PROBLEMS: ReadonlySet<KnownProblem> = new Set([
  'unit_taken',
  'hold_pending',
  'selection_invalid',
  'not_available',
  'preferences_unavailable',
  'dates_rejected',
]);

/**
 * The partner refused the request naming a date field (`startDate`, `arrivalDate`…): the stay's
 * dates are no longer bookable (a day that passed, a rule that changed), which "check your
 * choices" does not say, and trying again cannot fix.
 */
function refusedDates(err: BookingApiError): boolean {
  return err.code === 'partner_rejected' && (err.errors.partner ?? []).some((field) => /date/i.test(field));
}

export function problemCode(err: unknown): KnownProblem {
  if (!(err instanceof BookingApiError)) return 'generic';
  if (BUSY.has(err.code)) return 'busy';
  if (refusedDates(err)) return 'dates_rejected';
  return isKnownProblem(err.code) ? err.code : 'generic';
}

function isKnownProblem(code: string): code is KnownProblem {
  return (KNOWN_PROBLEMS as readonly string[]).includes(code);
}

export function describeProblem(err: unknown): BookingProblem {
  return {
    code: problemCode(err),
    retryAfterSeconds: err instanceof BookingApiError ? err.retryAfterSeconds : undefined,
  };
}

export function isChoiceProblem(code: KnownProblem): boolean {
  return CHOICE_PROBLEMS.has(code);
}

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The localized sentence for a problem (never the server's own text). */
export function problemText(t: Translate, { code, retryAfterSeconds }: BookingProblem): string {
  const seconds = retryAfterSeconds !== undefined ? Math.max(1, Math.ceil(retryAfterSeconds)) : 0;
  if ((code === 'busy' || code === 'too_many_requests') && seconds > 0) {
    return t(`errors.${code}Retry`, { seconds });
  }
  // An earlier, unanswered attempt's hold lapses within the partner's hold time: minutes, not seconds.
  if (code === 'hold_pending' && seconds > 0) {
    return t('errors.hold_pendingRetry', { minutes: Math.ceil(seconds / 60) });
  }
  return t(`errors.${code}`);
}

/** The localized sentence for a failed booking request. */
export function problemMessage(t: Translate, err: unknown): string {
  return problemText(t, describeProblem(err));
}
