import { describe, expect, it } from 'vitest';
import { BookingApiError } from './booking-api';
import { describeProblem, isChoiceProblem, problemText } from './problem-message';

/** Echoes the key and its values, so the test sees which message and which figures were chosen. */
const t = (key: string, values?: Record<string, string | number>) =>
  values ? `${key} ${JSON.stringify(values)}` : key;

describe('problemText', () => {
  it('tells a guest whose earlier attempt may still hold the unit when to try again, in minutes', () => {
    const problem = describeProblem(new BookingApiError(409, 'hold_pending', {}, 1530));
    expect(problem.code).toBe('hold_pending');
    expect(problemText(t, problem)).toBe('errors.hold_pendingRetry {"minutes":26}');
    expect(isChoiceProblem(problem.code)).toBe(true);
  });

  it('falls back to the plain sentence without a Retry-After, and to "generic" for unknown codes', () => {
    expect(problemText(t, describeProblem(new BookingApiError(409, 'hold_pending', {}, undefined)))).toBe(
      'errors.hold_pending',
    );
    expect(problemText(t, describeProblem(new BookingApiError(500, 'something_new', {}, undefined)))).toBe(
      'errors.generic',
    );
  });

  it('sends a guest whose preferences no free unit offers back to the choices, with its own sentence', () => {
    const problem = describeProblem(new BookingApiError(409, 'preferences_unavailable', {}, undefined));
    expect(problemText(t, problem)).toBe('errors.preferences_unavailable');
    expect(isChoiceProblem(problem.code)).toBe(true);
  });

  it('sends a guest whose dates the park refused back to the choices, saying it is the dates', () => {
    const dates = describeProblem(
      new BookingApiError(422, 'partner_rejected', { partner: ['startDate'] }, undefined),
    );
    expect(dates.code).toBe('dates_rejected');
    expect(problemText(t, dates)).toBe('errors.dates_rejected');
    expect(isChoiceProblem(dates.code)).toBe(true);
    // A refusal naming other fields, or none, stays the general one.
    for (const fields of [['email'], []]) {
      const other = describeProblem(
        new BookingApiError(422, 'partner_rejected', { partner: fields }, undefined),
      );
      expect(other.code).toBe('partner_rejected');
    }
  });

  it('explains a refused unit that does not fit the choice in its own words, not as a retry or a choice error', () => {
    const problem = describeProblem(new BookingApiError(409, 'unit_mismatch', {}, undefined));
    expect(problem.code).toBe('unit_mismatch');
    expect(problemText(t, problem)).toBe('errors.unit_mismatch');
    expect(isChoiceProblem(problem.code)).toBe(false);
  });

  it('reads busy answers with their wait in seconds', () => {
    expect(problemText(t, describeProblem(new BookingApiError(503, 'quota_exhausted', {}, 2.2)))).toBe(
      'errors.busyRetry {"seconds":3}',
    );
  });
});
