import { describe, expect, it } from 'vitest';
import { addDays, getToday } from '@/lib/booking/dates';
import { getFirstArrival, getLastBookableArrival } from '@/lib/booking/deep-link';
import { parseHouseRoute } from './house-route';
import { StayQuerySchema } from './params';

function houseRequest(query: string): Promise<{ ok: boolean; response?: Response }> {
  return parseHouseRoute(new Request(`http://localhost/api/houses/1001?${query}`), {
    params: Promise.resolve({ houseId: '1001' }),
  });
}

describe('StayQuerySchema', () => {
  it.each([
    ['2026-02-30', '2026-03-02'],
    ['2026-03-01', '2026-13-01'],
    ['2026-02-31', '2026-02-30'],
    ['tomorrow', '2026-03-02'],
  ])('reports an invalid date (%s → %s) as a field error instead of throwing', (startDate, endDate) => {
    const parsed = StayQuerySchema.safeParse({ startDate, endDate });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain('invalid_date');
  });

  it('still counts nights when both dates are real', () => {
    const start = addDays(getToday(), 10);
    expect(
      StayQuerySchema.safeParse({ startDate: start, endDate: addDays(start, -1) }).error?.issues[0]?.message,
    ).toBe('end_before_start');
    expect(StayQuerySchema.safeParse({ startDate: start, endDate: addDays(start, 7) }).success).toBe(true);
  });
});

describe('the /api/houses/{id} query', () => {
  it('answers a 400 problem with the stable invalid_input code for a date that does not exist', async () => {
    const result = await houseRequest('startDate=2026-02-30&endDate=2026-03-02');
    expect(result.ok).toBe(false);
    const res = result.response!;
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const body = (await res.json()) as { code: string; errors: Record<string, string[]> };
    expect(body.code).toBe('invalid_input');
    expect(body.errors.startDate).toEqual(['invalid_date']);
  });

  // The partner refuses these stays; asking it would spend a call of the shared quota each time.
  it.each([
    ['in the past', -3, 'start_in_past'],
    ['today', 0, 'start_in_past'],
    ['beyond the booking horizon', 'horizon', 'beyond_booking_horizon'],
  ] as const)('refuses an arrival %s before the partner is asked', async (_, offset, code) => {
    // "Today" is the last day before the first arrival (in the hour after the parks' midnight the
    // partner's own day is still yesterday, and it takes the parks' today).
    const lastRefused = addDays(getFirstArrival(getToday()), -1);
    const start =
      offset === 'horizon' ? addDays(getLastBookableArrival(getToday()), 1) : addDays(lastRefused, offset);
    const result = await houseRequest(`startDate=${start}&endDate=${addDays(start, 2)}`);
    expect(result.ok).toBe(false);
    const body = (await result.response!.json()) as { code: string; errors: Record<string, string[]> };
    expect(result.response!.status).toBe(400);
    expect(body.code).toBe('invalid_input');
    expect(body.errors.startDate).toEqual([code]);
  });

  it('takes an arrival from tomorrow to the last bookable day, and an arrival alone', async () => {
    const tomorrow = getFirstArrival(getToday());
    const last = getLastBookableArrival(getToday());
    expect((await houseRequest(`startDate=${tomorrow}&endDate=${addDays(tomorrow, 2)}`)).ok).toBe(true);
    expect((await houseRequest(`startDate=${last}&endDate=${addDays(last, 2)}`)).ok).toBe(true);
    expect((await houseRequest(`startDate=${tomorrow}`)).ok).toBe(true);
    expect((await houseRequest('')).ok).toBe(true);
  });
});
