/**
 * TanStack Query options for the house page's client reads, all through the site's own
 * /api/houses/{houseId} (never the partner). Keys follow ['house', id, params].
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { isCalendarDate, type CalendarDate } from '@/lib/booking/dates';
import { serializeCriteria } from '@/lib/booking/deep-link';
import type { Party } from '@/lib/booking/party';
import { PriceOverviewSchema } from '@/lib/booking/overview';
import type { HousePrice, PriceOverview } from '@/lib/booking/types';

const calendarDate = z.string().refine(isCalendarDate);

const HousePriceSchema = z.object({
  startDate: calendarDate,
  endDate: calendarDate,
  full: z.number(),
  discounted: z.number().optional(),
  nights: z.number().int().positive(),
  perNight: z.number(),
  currency: z.literal('EUR'),
});

const HouseAnswerSchema = z.object({
  house: z.object({
    availableStartDates: z.array(calendarDate),
    availableEndDates: z.array(calendarDate),
    selectedPeriod: HousePriceSchema.nullable(),
  }),
  stale: z.boolean(),
});

const QuoteAnswerSchema = z.object({
  quote: z.object({ priceOverview: PriceOverviewSchema }).passthrough().nullable(),
  available: z.boolean().nullable(),
});

/** The partner's price specification for a stay, and whether the stay is still offered. */
export interface StayQuote {
  price: PriceOverview | null;
  /** false: someone has just booked it; null: could not be checked now. */
  available: boolean | null;
}

const ProblemSchema = z.object({
  code: z.string().optional(),
  retryAfter: z.number().optional(),
});

/** A failed read from the site's API, with the problem's stable code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly retryAfter: number | undefined,
  ) {
    super(`API answered ${status} (${code})`);
    this.name = 'ApiError';
  }

  get busy(): boolean {
    return this.status === 503 || this.status === 504 || this.status === 429;
  }
}

export interface HouseQueryParams {
  houseId: number;
  party: Party;
  locale: string;
  startDate?: CalendarDate;
  endDate?: CalendarDate;
}

export function houseApiUrl(
  { houseId, party, locale, startDate, endDate }: HouseQueryParams,
  resource: '' | '/price' = '',
): string {
  const params = serializeCriteria({ ...party, ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}) });
  params.set('locale', locale);
  return `/api/houses/${houseId}${resource}?${params.toString()}`;
}

async function fetchJson(url: string, signal: AbortSignal): Promise<unknown> {
  const res = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) {
    const problem = ProblemSchema.safeParse(await res.json().catch(() => ({})));
    const body = problem.success ? problem.data : {};
    throw new ApiError(res.status, body.code ?? 'unknown', body.retryAfter);
  }
  return res.json();
}

async function fetchHouse(params: HouseQueryParams, signal: AbortSignal) {
  return HouseAnswerSchema.parse(await fetchJson(houseApiUrl(params), signal)).house;
}

async function fetchQuote(params: HouseQueryParams, signal: AbortSignal): Promise<StayQuote> {
  const answer = QuoteAnswerSchema.parse(await fetchJson(houseApiUrl(params, '/price'), signal));
  return { price: answer.quote?.priceOverview ?? null, available: answer.available };
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
