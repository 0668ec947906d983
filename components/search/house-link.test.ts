import { describe, expect, it } from 'vitest';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import type { HouseSummary } from '@/lib/booking/types';
import { houseHref } from './house-link';

const base: HouseSummary = {
  id: 1001,
  name: 'Bungalow',
  persons: 4,
  bedrooms: 2,
  bathrooms: 1,
  beds: 4,
  maxPets: 1,
  surface: null,
  picture: null,
  pictures: [],
  description: '',
  price: null,
};

describe('houseHref', () => {
  it('carries the quoted stay and the party to the house page', () => {
    const house = {
      ...base,
      price: { startDate: '2026-07-03', endDate: '2026-07-06', full: 300, nights: 3, perNight: 100, currency: 'EUR' as const },
    };
    expect(houseHref(house, { ...DEFAULT_PARTY, adults: 3, pets: 1, type: 2 })).toBe(
      '/houses/1001?startDate=2026-07-03&endDate=2026-07-06&adults=3&pets=1',
    );
  });

  it('falls back to the searched dates, and to a bare link', () => {
    expect(houseHref(base, { ...DEFAULT_PARTY, startDate: '2026-07-01', endDate: '2026-07-08' })).toBe(
      '/houses/1001?startDate=2026-07-01&endDate=2026-07-08',
    );
    expect(houseHref(base, { ...DEFAULT_PARTY })).toBe('/houses/1001');
  });
});
