/**
 * TanStack Query options for the house page's client reads, all through the site's own
 * /api/houses/{houseId} (never the partner). Keys follow ['house', id, params].
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { isCalendarDate, type CalendarDate } from '@/lib/booking/dates';
import { serializeCriteria } from '@/lib/booking/deep-link';
import type { Party } from '@/lib/booking/party';
import type { HousePrice } from '@/lib/booking/types';

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

export function houseApiUrl({ houseId, party, locale, startDate, endDate }: HouseQueryParams): string {
  const params = serializeCriteria({ ...party, ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}) });
  params.set('locale', locale);
  return `/api/houses/${houseId}?${params.toString()}`;
}

async function fetchHouse(params: HouseQueryParams, signal: AbortSignal) {
  const res = await fetch(houseApiUrl(params), { signal, headers: { accept: 'application/json' } });
  if (!res.ok) {
    const problem = ProblemSchema.safeParse(await res.json().catch(() => ({})));
    const body = problem.success ? problem.data : {};
    throw new ApiError(res.status, body.code ?? 'unknown', body.retryAfter);
  }
  return HouseAnswerSchema.parse(await res.json()).house;
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
};
