/**
 * TanStack Query options for the house page's client reads, all through the site's own
 * /api/houses/{houseId} (never the partner). Keys follow ['house', id, params].
 */
import { queryOptions } from '@tanstack/react-query';
import { isCalendarDate, type CalendarDate, type StayDates } from '@/lib/booking/dates';
import { serializeCriteria } from '@/lib/booking/deep-link';
import type { Party } from '@/lib/booking/party';
import { isPriceOverview } from '@/lib/booking/price-overview-guard';
import type { HousePrice, PriceOverview } from '@/lib/booking/types';
import { SiteApiError } from '@/lib/site-api/api-error';
import { arrayOf, isBoolean, isNumber, nullable, optional, shape, type Guard } from '@/lib/validation/guards';

// The answers are checked with plain guards, not zod: the house page loads no zod in the browser.
const isHousePrice = shape<HousePrice>({
  startDate: isCalendarDate,
  endDate: isCalendarDate,
  full: isNumber,
  discounted: optional(isNumber),
  nights: (value): value is number => isNumber(value) && Number.isInteger(value) && value > 0,
  perNight: isNumber,
  currency: (value): value is 'EUR' => value === 'EUR',
  cancellationFundPossible: optional(isBoolean),
  voucherAmount: optional(isNumber),
  pricedFor: optional(
    shape<NonNullable<HousePrice['pricedFor']>>({ persons: optional(isNumber), pets: optional(isNumber) }),
  ),
});

interface HouseAnswer {
  house: {
    availableStartDates: CalendarDate[];
    availableEndDates: CalendarDate[];
    selectedPeriod: HousePrice | null;
  };
  stale: boolean;
}

const isHouseAnswer = shape<HouseAnswer>({
  house: shape<HouseAnswer['house']>({
    availableStartDates: arrayOf(isCalendarDate),
    availableEndDates: arrayOf(isCalendarDate),
    selectedPeriod: nullable(isHousePrice),
  }),
  stale: isBoolean,
});

interface QuoteAnswer {
  quote: { priceOverview: PriceOverview } | null;
  available: boolean | null;
}

const isQuoteAnswer = shape<QuoteAnswer>({
  quote: nullable(shape<{ priceOverview: PriceOverview }>({ priceOverview: isPriceOverview })),
  available: nullable(isBoolean),
});

/** The answer when it has the expected shape; otherwise the read fails, as a query error. */
function expectShape<T>(value: unknown, guard: Guard<T>, what: string): T {
  if (!guard(value)) throw new TypeError(`Unexpected ${what} answer`);
  return value;
}

/** The partner's price specification for a stay, and whether the stay is still offered. */
export interface StayQuote {
  price: PriceOverview | null;
  /** false: someone has just booked it; null: could not be checked now. */
  available: boolean | null;
}

/**
 * Whether a failed read is worth another try (two at most): not when the site or the partner
 * refused what was asked (a 4xx, such as an arrival the partner does not take), which would only
 * be refused again while the guest waits; a busy or unreachable service, or a lost connection, is.
 */
export function isWorthRetrying(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!(error instanceof SiteApiError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

export interface HouseQueryParams extends Partial<StayDates> {
  houseId: number;
  party: Party;
  locale: string;
}

export function houseApiUrl(
  { houseId, party, locale, startDate, endDate }: HouseQueryParams,
  resource: '' | '/price' = '',
): string {
  const params = serializeCriteria({
    ...party,
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
  });
  params.set('locale', locale);
  return `/api/houses/${houseId}${resource}?${params.toString()}`;
}

async function fetchJson(url: string, signal: AbortSignal): Promise<unknown> {
  const res = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) throw await SiteApiError.from(res, 'unknown');
  return res.json();
}

async function fetchHouse(params: HouseQueryParams, signal: AbortSignal) {
  return expectShape(await fetchJson(houseApiUrl(params), signal), isHouseAnswer, 'house').house;
}

async function fetchQuote(params: HouseQueryParams, signal: AbortSignal): Promise<StayQuote> {
  const answer = expectShape(await fetchJson(houseApiUrl(params, '/price'), signal), isQuoteAnswer, 'quote');
  return { price: answer.quote?.priceOverview ?? null, available: answer.available };
}

/** The total under each arrival day for some nights and the party (lib/pages/arrival-prices.ts). */
export type ArrivalPrice =
  | { date: CalendarDate; state: 'priced'; total: number }
  | { date: CalendarDate; state: 'unavailable' | 'unpriced' | 'pending' };

export interface ArrivalPrices {
  nights: number;
  prices: ArrivalPrice[];
  cheapest: CalendarDate | null;
}

const ARRIVAL_STATES: readonly string[] = ['priced', 'unavailable', 'unpriced', 'pending'];

const isArrivalPrice = (value: unknown): value is ArrivalPrice => {
  if (typeof value !== 'object' || value === null) return false;
  const { date, state, total } = value as Record<string, unknown>;
  if (!isCalendarDate(date) || typeof state !== 'string' || !ARRIVAL_STATES.includes(state)) return false;
  return state !== 'priced' || isNumber(total);
};

const isArrivalPrices = shape<ArrivalPrices>({
  nights: isNumber,
  prices: arrayOf(isArrivalPrice),
  cheapest: nullable(isCalendarDate),
});

/**
 * How a calendar asks again for the days it could not price yet: every `intervalMs` for its first
 * `quickAsks` (the bucket refills a few spare calls between two), after which the days still
 * pending lose their placeholder (use-day-prices.ts); then every `slowIntervalMs`, filling in
 * what comes, long enough for the site's spare lane (a sixth of the quota a minute) to price a
 * month, and `maxAsks` in all. Only while the page is in view: a hidden tab asks nothing.
 */
export const ARRIVAL_PRICE_POLL = { intervalMs: 2_500, quickAsks: 8, slowIntervalMs: 10_000, maxAsks: 24 } as const;

/** The wait before a calendar's next ask for its pending days, after `asks` answers; false once it stops asking. */
export function nextArrivalPriceAsk(asks: number): number | false {
  if (asks >= ARRIVAL_PRICE_POLL.maxAsks) return false;
  return asks < ARRIVAL_PRICE_POLL.quickAsks ? ARRIVAL_PRICE_POLL.intervalMs : ARRIVAL_PRICE_POLL.slowIntervalMs;
}

export const houseQueries = {
  /** Arrival days for this party. */
  arrivals: (houseId: number, party: Party, locale: string) =>
    queryOptions({
      queryKey: ['house', houseId, { view: 'arrivals', party, locale }] as const,
      queryFn: async ({ signal }): Promise<CalendarDate[]> =>
        (await fetchHouse({ houseId, party, locale }, signal)).availableStartDates,
    }),
  /** Departure days for one arrival and party. */
  departures: (houseId: number, startDate: CalendarDate, party: Party, locale: string) =>
    queryOptions({
      queryKey: ['house', houseId, { view: 'departures', startDate, party, locale }] as const,
      queryFn: async ({ signal }): Promise<CalendarDate[]> =>
        (await fetchHouse({ houseId, party, locale, startDate }, signal)).availableEndDates,
    }),
  /** The price of one stay for the party; null when the partner does not offer that stay. */
  price: (houseId: number, startDate: CalendarDate, endDate: CalendarDate, party: Party, locale: string) =>
    queryOptions({
      queryKey: ['house', houseId, { view: 'price', startDate, endDate, party, locale }] as const,
      queryFn: async ({ signal }): Promise<HousePrice | null> =>
        (await fetchHouse({ houseId, party, locale, startDate, endDate }, signal)).selectedPeriod,
    }),
  /**
   * The total under each of `arrivals` for `nights` nights: what the partner's idle quota allows
   * now, asked again while days are pending (nextArrivalPriceAsk), the days nearest the guest's
   * arrival first (the order of `arrivals`).
   */
  arrivalPrices: (
    houseId: number,
    arrivals: readonly CalendarDate[],
    nights: number,
    party: Party,
    locale: string,
  ) =>
    queryOptions({
      queryKey: ['house', houseId, { view: 'arrival-prices', arrivals, nights, party, locale }] as const,
      queryFn: async ({ signal }): Promise<ArrivalPrices> => {
        const params = serializeCriteria({ ...party });
        params.set('locale', locale);
        params.set('nights', String(nights));
        params.set('arrivals', arrivals.join(','));
        const url = `/api/houses/${houseId}/arrival-prices?${params.toString()}`;
        return expectShape(await fetchJson(url, signal), isArrivalPrices, 'arrival prices');
      },
      refetchInterval: (query) =>
        query.state.data?.prices.some((day) => day.state === 'pending')
          ? nextArrivalPriceAsk(query.state.dataUpdateCount)
          : false,
      // Prices under the days are a help, not the booking: a failed read leaves the days bare.
      retry: false,
    }),
  /**
   * Every cost of one stay from the partner's price specification, and a fresh check that the
   * stay is still offered (the price above may come from a cache minutes old).
   */
  quote: (houseId: number, startDate: CalendarDate, endDate: CalendarDate, party: Party, locale: string) =>
    queryOptions({
      queryKey: ['house', houseId, { view: 'quote', startDate, endDate, party, locale }] as const,
      queryFn: ({ signal }): Promise<StayQuote> =>
        fetchQuote({ houseId, party, locale, startDate, endDate }, signal),
      // Quotes count against a per-visitor limit: a failed one is retried by the guest, not in a loop.
      retry: false,
    }),
};
