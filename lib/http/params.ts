import 'server-only';
import { z } from 'zod';
import { isCalendarDate, countNights, getToday } from '@/lib/booking/dates';
import { MAX_STAY_NIGHTS, getLastBookableArrival, isArrivalTooSoon } from '@/lib/booking/deep-link';
import { PARTY_FIELDS, type Party } from '@/lib/booking/party';
import { PartyQuerySchema } from '@/lib/booking/party-schema';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@/lib/i18n/locales';

/**
 * Query parsing for the site's JSON API. The pages correct bad deep links; the JSON API is
 * for our own client components, so it answers 400 with field errors instead.
 */

const calendarDate = z.string().refine(isCalendarDate, 'invalid_date');
export const StayQuerySchema = z
  .object({ startDate: calendarDate.optional(), endDate: calendarDate.optional() })
  .superRefine((stay, ctx) => {
    if (stay.endDate && !stay.startDate)
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'required' });
    // Nights are counted only between two real dates: an impossible one ("2026-02-30") has
    // already been reported above and would make the count throw.
    // An arrival the partner refuses is refused here, before it costs a call of the shared quota.
    if (isCalendarDate(stay.startDate)) {
      const today = getToday();
      if (isArrivalTooSoon(stay.startDate, today))
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'start_in_past' });
      else if (countNights(getLastBookableArrival(today), stay.startDate) > 0)
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'beyond_booking_horizon' });
    }
    if (isCalendarDate(stay.startDate) && isCalendarDate(stay.endDate)) {
      const nights = countNights(stay.startDate, stay.endDate);
      if (nights < 1) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'end_before_start' });
      if (nights > MAX_STAY_NIGHTS)
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'stay_too_long' });
    }
  });

/**
 * The named parameters given more than once with different values, each with the field error
 * `repeated_param`, as the search's deep links report them: which one was meant cannot be told.
 */
export function repeatedParams(url: URL, names: readonly string[]): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  for (const name of names) {
    if (new Set(url.searchParams.getAll(name)).size > 1) errors[name] = ['repeated_param'];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

export function searchParamsObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (!(k in out)) out[k] = v;
  return out;
}

export function parseParty(params: Record<string, string>): z.ZodSafeParseResult<Party> {
  return PartyQuerySchema.safeParse(Object.fromEntries(PARTY_FIELDS.map((f) => [f, params[f]])));
}

const LocaleQuerySchema = z.object({
  locale: z
    .enum(LOCALES, { error: () => 'unknown_locale' })
    .optional()
    .transform((value): Locale => value ?? DEFAULT_LOCALE),
});

/**
 * The answer's language: the site's default when the request names none, and a field error
 * when it names one the site does not speak, so a client never gets Dutch it did not ask for.
 */
export function parseLocale(params: Record<string, string>): z.ZodSafeParseResult<{ locale: Locale }> {
  return LocaleQuerySchema.safeParse({ locale: params.locale });
}
