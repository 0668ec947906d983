import 'server-only';
/**
 * Dates in the partner's forms. The site works in calendar dates (`YYYY-MM-DD`, see
 * lib/booking/dates.ts); the partner documents UTC-midnight date-times for its dates and answers
 * with either form, so the conversion in both directions lives here.
 */
import { isCalendarDate, type CalendarDate } from '@/lib/booking/dates';

/** The partner sends a date or an ISO date-time; its first ten characters are the calendar day. */
const PARTNER_DATE = /^(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** `2026-07-01` → `2026-07-01T00:00:00.000Z`, the form the partner documents for its dates. */
export function toPartnerDateTime(date: CalendarDate): string {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${JSON.stringify(date)}`);
  return `${date}T00:00:00.000Z`;
}

/**
 * The calendar day of a partner date or date-time, or null when unreadable. The partner writes
 * stay dates as UTC midnight; reading the date part (rather than converting to a zone) keeps the
 * day the partner meant.
 */
export function fromPartnerDate(value: string | null | undefined): CalendarDate | null {
  if (typeof value !== 'string') return null;
  const match = PARTNER_DATE.exec(value.trim());
  return match?.[1] !== undefined && isCalendarDate(match[1]) ? match[1] : null;
}
