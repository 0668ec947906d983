import 'server-only';
import { z } from 'zod';
import { addDays, type CalendarDate } from '@/lib/booking/dates';
import type { Party } from '@/lib/booking/party';
import { MAX_STAY_NIGHTS } from '@/lib/booking/deep-link';
import { StayQuerySchema } from '@/lib/http/params';
import { searchHouses } from '@/lib/partner-api';
import type { ArrivalPrice, ArrivalPrices } from './house-queries';

/**
 * The price under each arrival day of a house's calendar: the total for the chosen nights and
 * party, read from the partner's search for that stay (one answer prices every house, and a guest
 * who searched those dates has already cached it). What is not cached is asked for in the spare
 * lane only (see the governor's ReadRequest.lane): a calendar never takes a call a page or a
 * booking would have had, and the days it could not price now are `pending`, for the calendar to
 * ask again later. At most MAX_ARRIVALS days a request, so a calendar costs at most that many
 * partner calls, and those only while the quota is idle. The days are priced in the order asked.
 */

/** Six weeks: every day a month view of the calendar can show. */
export const MAX_ARRIVALS = 42;

/** `arrivals` (comma-separated dates, each a valid arrival) and `nights`, as the route reads them. */
export const ArrivalPricesQuerySchema = z.object({
  arrivals: z
    .string()
    .transform((list) => [...new Set(list.split(','))])
    .pipe(z.array(z.string()).min(1).max(MAX_ARRIVALS, 'too_many_arrivals'))
    .refine(
      (dates) => dates.every((startDate) => StayQuerySchema.safeParse({ startDate }).success),
      'invalid_arrival',
    ),
  nights: z
    .string()
    .regex(/^\d{1,2}$/, 'invalid_nights')
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_STAY_NIGHTS)),
});

async function priceOn(
  houseId: number,
  date: CalendarDate,
  nights: number,
  party: Party,
  locale: string,
): Promise<ArrivalPrice> {
  const stay = { startDate: date, endDate: addDays(date, nights) };
  try {
    const { data } = await searchHouses({ ...party, ...stay }, locale, { lane: 'spare' });
    const house = data.houses.find((candidate) => candidate.id === houseId);
    if (!house) return { date, state: 'unavailable' };
    const total = house.price ? (house.price.discounted ?? house.price.full) : null;
    return total === null ? { date, state: 'unpriced' } : { date, state: 'priced', total };
  } catch {
    // Not cached and no spare call now (or the partner could not answer): asked again later.
    return { date, state: 'pending' };
  }
}

export async function loadArrivalPrices(
  houseId: number,
  arrivals: readonly CalendarDate[],
  nights: number,
  party: Party,
  locale: string,
): Promise<ArrivalPrices> {
  // One after another, in the order asked: the few spare calls of a request go to the first days
  // (the calendar lists the days nearest the guest's arrival first), and a later day is asked only
  // once the bucket has answered the one before.
  const prices: ArrivalPrice[] = [];
  for (const date of arrivals) prices.push(await priceOn(houseId, date, nights, party, locale));
  let cheapest: { date: CalendarDate; total: number } | null = null;
  for (const price of prices) {
    if (price.state === 'priced' && (cheapest === null || price.total < cheapest.total)) cheapest = price;
  }
  return { nights, prices, cheapest: cheapest?.date ?? null };
}
