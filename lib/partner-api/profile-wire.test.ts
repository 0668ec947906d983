import { describe, expect, it } from 'vitest';
import { isPetFreePreference } from '@/lib/booking/preferences';
import { createDefaultProfile } from './profile';
import { formatPartnerDate, fromPartnerAnswer, markPetFree, toPartnerBody } from './profile-wire';

describe('formatPartnerDate', () => {
  it('writes a calendar day or a date-time in either format and leaves anything else alone', () => {
    expect(formatPartnerDate('2026-07-10', 'date-time')).toBe('2026-07-10T00:00:00.000Z');
    expect(formatPartnerDate('2026-07-10T00:00:00.000Z', 'date')).toBe('2026-07-10');
    expect(formatPartnerDate('soon', 'date')).toBe('soon');
    expect(formatPartnerDate(3, 'date')).toBe(3);
  });
});

describe('toPartnerBody', () => {
  it('renames only the fields the profile names, at their own level', () => {
    const settings = {
      ...createDefaultProfile().operations.priceSpecifications,
      body: { id: 'houseId', 'extraServices.id': 'serviceId' },
    };
    expect(toPartnerBody(settings, { id: 1, extraServices: [{ id: 2 }] })).toEqual({
      houseId: 1,
      extraServices: [{ serviceId: 2 }],
    });
  });
});

describe('fromPartnerAnswer', () => {
  const settings = {
    ...createDefaultProfile().operations.searchHouses,
    response: { houses: 'houseList', 'houses.code': 'houseId' },
  };

  it('renames nested fields through lists, by the partner path', () => {
    expect(fromPartnerAnswer(settings, { houses: [{ code: 4, name: 'A' }], code: 9 })).toEqual({
      houseList: [{ houseId: 4, name: 'A' }],
      code: 9,
    });
  });

  it('leaves an answer without aliases untouched', () => {
    const answer = { houseList: [] };
    expect(fromPartnerAnswer(createDefaultProfile().operations.searchHouses, answer)).toBe(answer);
  });
});

describe('markPetFree', () => {
  const preferences = [
    { id: 1, keyword: 'Huisdiervrij' },
    { id: 2, keyword: 'patio-heater' },
    { id: 3, keyword: 'pet-free' },
    { id: 4 },
  ];

  it("marks the preferences the profile's keywords name, so the booking rules see them as pet-free", () => {
    const marked = markPetFree(preferences, { petFreeKeywords: ['huisdiervrij'] });
    expect(marked.filter(isPetFreePreference).map((p) => p.id)).toEqual([1, 3]);
  });

  it("recognises only the sandbox's keyword with the default profile", () => {
    const marked = markPetFree(preferences, createDefaultProfile());
    expect(marked.filter(isPetFreePreference).map((p) => p.id)).toEqual([3]);
  });
});
