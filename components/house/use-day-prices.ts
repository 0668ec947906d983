import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getMonthOf, type MonthKey } from '@/lib/booking/calendar';
import { countNights, toEpochDay, type CalendarDate, type StayDates } from '@/lib/booking/dates';
import { getFirstArrival, getLastBookableArrival } from '@/lib/booking/deep-link';
import type { Party } from '@/lib/booking/party';
import { ARRIVAL_PRICE_POLL, houseQueries, type ArrivalPrices } from '@/lib/pages/house-queries';
import type { DayPrices } from './availability-calendar';

export interface DayPricesInput {
  houseId: number;
  month: MonthKey;
  today: CalendarDate;
  /** The partner's arrival days for the party. */
  arrivals: readonly CalendarDate[] | undefined;
  stay: Partial<StayDates>;
  /** The partner's suggested stay, when the guest has chosen none. */
  suggested: Partial<StayDates> | undefined;
  party: Party;
  locale: string;
  enabled: boolean;
}

/**
 * The month's arrival days to price, nearest `focus` (the guest's arrival, chosen or suggested)
 * first and the earlier of two as near: a request prices only the few days the partner's idle
 * quota allows, and those should be the days the guest is looking at.
 */
export function arrivalsToPrice(
  arrivals: readonly CalendarDate[],
  month: MonthKey,
  today: CalendarDate,
  focus: CalendarDate | undefined,
): CalendarDate[] {
  const first = getFirstArrival(today);
  const last = getLastBookableArrival(today);
  const shown = arrivals.filter((date) => getMonthOf(date) === month && date >= first && date <= last);
  if (focus === undefined) return shown;
  const from = toEpochDay(focus);
  const distance = (date: CalendarDate) => Math.abs(toEpochDay(date) - from);
  return shown.sort((a, b) => distance(a) - distance(b) || (a < b ? -1 : 1));
}

/**
 * The prices under the arrival days of the month shown: for the nights of the stay the guest
 * chose, else of the partner's suggested stay (without a stay length there is nothing to price).
 * Read from the site's arrival-prices API, which answers from cached searches and the partner's
 * idle quota and leaves the rest pending for a later ask (lib/pages/house-queries.ts). Once the
 * calendar's quick asks are over, the days still pending are `missing`, not pending.
 */
export function useDayPrices(input: DayPricesInput): DayPrices | undefined {
  const { stay, today, suggested } = input;
  const chosen = stay.startDate !== undefined && stay.endDate !== undefined ? stay : suggested;
  const nights =
    chosen?.startDate !== undefined && chosen.endDate !== undefined
      ? countNights(chosen.startDate, chosen.endDate)
      : undefined;
  const arrivals = arrivalsToPrice(input.arrivals ?? [], input.month, today, stay.startDate ?? suggested?.startDate);
  const options = houseQueries.arrivalPrices(input.houseId, arrivals, nights ?? 1, input.party, input.locale);
  const query = useQuery({
    ...options,
    enabled: input.enabled && nights !== undefined && nights > 0 && arrivals.length > 0,
  });
  // Each answer renders again, so the count read here is the one of the answer shown.
  const asks = useQueryClient().getQueryState(options.queryKey)?.dataUpdateCount ?? 0;
  if (!query.data || nights === undefined) return undefined;
  return dayPricesFrom(query.data, nights, asks);
}

/**
 * The calendar's view of an arrival-prices answer after `asks` answers. Days still pending once
 * the calendar's quick asks are over are `missing`: no placeholder (the slower asks that follow
 * may still fill them in, or may not), and no day named the lowest, which they might undercut.
 */
export function dayPricesFrom(data: ArrivalPrices, nights: number, asks: number): DayPrices {
  const totals = new Map<CalendarDate, number>();
  const pending = new Set<CalendarDate>();
  for (const day of data.prices) {
    if (day.state === 'priced') totals.set(day.date, day.total);
    else if (day.state === 'pending') pending.add(day.date);
  }
  if (pending.size > 0 && asks >= ARRIVAL_PRICE_POLL.quickAsks)
    return { nights, totals, cheapest: null, pending: new Set(), missing: true };
  return { nights, totals, cheapest: data.cheapest, pending, missing: false };
}
