import { useQuery } from '@tanstack/react-query';
import { getMonthOf, type MonthKey } from '@/lib/booking/calendar';
import { countNights, type CalendarDate, type StayDates } from '@/lib/booking/dates';
import { getFirstArrival, getLastBookableArrival } from '@/lib/booking/deep-link';
import type { Party } from '@/lib/booking/party';
import { houseQueries } from '@/lib/pages/house-queries';
import type { DayPrices } from './availability-calendar';

export interface DayPricesInput {
  houseId: number;
  month: MonthKey;
  today: CalendarDate;
  /** The partner's arrival days for the party. */
  arrivals: readonly CalendarDate[] | undefined;
  stay: Partial<StayDates>;
  /** The nights of the partner's suggested stay, when the guest has chosen none. */
  suggestedNights: number | undefined;
  party: Party;
  locale: string;
  enabled: boolean;
}

/**
 * The prices under the arrival days of the month shown: for the nights of the stay the guest
 * chose, else of the partner's suggested stay (without a stay length there is nothing to price).
 * Read from the site's arrival-prices API, which answers from cached searches and the partner's
 * idle quota and leaves the rest pending for a later ask (lib/pages/house-queries.ts).
 */
export function useDayPrices(input: DayPricesInput): DayPrices | undefined {
  const { stay, today } = input;
  const nights =
    stay.startDate !== undefined && stay.endDate !== undefined
      ? countNights(stay.startDate, stay.endDate)
      : input.suggestedNights;
  const first = getFirstArrival(today);
  const last = getLastBookableArrival(today);
  const arrivals = (input.arrivals ?? []).filter(
    (date) => getMonthOf(date) === input.month && date >= first && date <= last,
  );
  const query = useQuery({
    ...houseQueries.arrivalPrices(input.houseId, arrivals, nights ?? 1, input.party, input.locale),
    enabled: input.enabled && nights !== undefined && nights > 0 && arrivals.length > 0,
  });
  if (!query.data || nights === undefined) return undefined;
  const totals = new Map<CalendarDate, number>();
  const pending = new Set<CalendarDate>();
  for (const day of query.data.prices) {
    if (day.state === 'priced') totals.set(day.date, day.total);
    else if (day.state === 'pending') pending.add(day.date);
  }
  return { nights, totals, cheapest: query.data.cheapest, pending };
}
