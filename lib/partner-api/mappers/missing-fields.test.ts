import { describe, expect, it } from 'vitest';
import type { HouseDetail, HouseSummary } from '@/lib/booking/types';
import { HOUSE_DETAILS, PRE_BOOKING_RESULT, SEARCH_RESULT } from '../fixtures/partner-payloads';
import {
  AvailableHouseUnitsResultSchema,
  HouseDetailsSchema,
  HousesSearchResultSchema,
  OptionalServicesResultSchema,
  ParkActiveHousesResultSchema,
  ParkDataResultSchema,
  PreBookingResultSchema,
  UsedHouseTypesResultSchema,
  type HouseDetails,
  type PreBookingResult,
  type SearchHouseResult,
} from '../schemas';
import { mapBookingResult } from './booking';
import { mapHouseDetail, mapPreferences, mapSearchResults } from './houses';

/**
 * The partner marks every response field optional. Each field left out hides only the part of
 * the page it feeds: the mapping still succeeds and everything else stays as it was.
 */

function without<T extends object>(value: T, field: keyof T): T {
  const copy = { ...value };
  delete copy[field];
  return copy;
}

/** Top-level fields of the mapped value that differ between two mappings. */
function changedFields<T extends object>(a: T, b: T): string[] {
  return Object.keys({ ...a, ...b }).filter(
    (key) => JSON.stringify(a[key as keyof T]) !== JSON.stringify(b[key as keyof T]),
  );
}

describe('the schemas', () => {
  it('accept an empty object for every answer and for every entry of a list', () => {
    expect(HouseDetailsSchema.safeParse({}).success).toBe(true);
    expect(HousesSearchResultSchema.safeParse({ houseList: [{}] }).success).toBe(true);
    expect(AvailableHouseUnitsResultSchema.safeParse([{}]).success).toBe(true);
    expect(OptionalServicesResultSchema.safeParse([{}]).success).toBe(true);
    expect(UsedHouseTypesResultSchema.safeParse([{}]).success).toBe(true);
    expect(ParkActiveHousesResultSchema.safeParse([{}]).success).toBe(true);
    expect(ParkDataResultSchema.safeParse([{ facilities: [{}] }]).success).toBe(true);
    expect(PreBookingResultSchema.safeParse({ houseUnits: [{}], priceSpecifications: [{}] }).success).toBe(true);
  });

  it('accept null for every field of the fixtures', () => {
    const nulls = (value: object) => Object.fromEntries(Object.keys(value).map((key) => [key, null]));
    expect(HouseDetailsSchema.safeParse(nulls(HOUSE_DETAILS)).success).toBe(true);
    expect(PreBookingResultSchema.safeParse(nulls(PRE_BOOKING_RESULT)).success).toBe(true);
  });
});

describe('house details without one field', () => {
  const full = mapHouseDetail(HOUSE_DETAILS) as HouseDetail;
  /** Which parts of the house page each partner field feeds. */
  const FEEDS: Record<keyof HouseDetails, (keyof HouseDetail)[]> = {
    numberOfPersons: [],
    houseId: [],
    name: ['name'],
    nrPersons: ['persons', 'facts'],
    pictures: ['pictures'],
    pictureThumbnails: ['pictures'],
    bedrooms: ['facts'],
    bathrooms: ['facts'],
    numberOfBeds: ['facts'],
    numberOfPets: ['maxPets', 'facts'],
    surface: ['facts'],
    parkingLot: ['facts'],
    virtualTourLink: ['virtualTourLink'],
    nationalIdentificationNumber: [],
    descriptionLocation: ['descriptions'],
    descriptionInterior: ['descriptions'],
    descriptionSurroundings: ['descriptions'],
    descriptionParkConditions: ['descriptions'],
    selectedPeriod: ['selectedPeriod'],
    availableStartDates: ['availableStartDates'],
    availableEndDates: ['availableEndDates'],
    mandatoryServices: ['mandatoryServices'],
    optionalServices: ['optionalServices'],
    preferences: ['preferences'],
    features: ['features'],
    houseTypeId: ['houseTypeId'],
    parkId: ['parkId'],
  };

  it.each(Object.keys(HOUSE_DETAILS) as (keyof HouseDetails)[])('still maps without %s, changing only its part', (field) => {
    const mapped = mapHouseDetail(without(HOUSE_DETAILS, field), { houseId: 101 });
    expect(mapped).not.toBeNull();
    for (const changed of changedFields(full, mapped as HouseDetail)) expect(FEEDS[field]).toContain(changed);
  });

  it('takes the id it was asked for when the answer leaves its own out', () => {
    expect(mapHouseDetail(without(HOUSE_DETAILS, 'houseId'), { houseId: 101 })).toEqual(full);
    expect(mapHouseDetail(without(HOUSE_DETAILS, 'houseId'))).toBeNull();
    expect(mapHouseDetail({ ...HOUSE_DETAILS, houseId: 101 }, { houseId: 7 })?.id).toBe(101);
  });

  it('marks the pet-free preference by the default keyword, however it is written, and keeps the rest', () => {
    const preferences = [
      { id: 1, keyword: 'huisdiervrij' },
      { id: 2, keyword: 'Pet_Free' },
      { id: 3, keyword: 'patio-heater' },
      { id: 4 },
    ];
    expect(mapPreferences(preferences).map((p) => p.petFree)).toEqual([undefined, true, undefined, undefined]);
  });
});

describe('search results without one field', () => {
  const house = SEARCH_RESULT.houseList?.[0] as SearchHouseResult;
  const full = mapSearchResults({ houseList: [house] }).houses[0] as HouseSummary;
  const FEEDS: Record<keyof SearchHouseResult, (keyof HouseSummary)[]> = {
    houseId: [],
    name: ['name'],
    nrPersons: ['persons'],
    bedrooms: ['bedrooms'],
    bathrooms: ['bathrooms'],
    numberOfPets: ['maxPets'],
    numberOfBeds: ['beds'],
    price: ['price'],
    descriptionInterior: ['description'],
    mainPicture: ['picture', 'pictures'],
    pictures: ['picture', 'pictures'],
    surface: ['surface'],
    houseTypeId: ['houseTypeId'],
    parkId: ['parkId'],
  };

  it.each((Object.keys(house) as (keyof SearchHouseResult)[]).filter((field) => field !== 'houseId'))(
    'still lists the house without %s, changing only its part',
    (field) => {
      const mapped = mapSearchResults({ houseList: [without(house, field)] }).houses[0];
      expect(mapped).toBeDefined();
      for (const changed of changedFields(full, mapped as HouseSummary)) expect(FEEDS[field]).toContain(changed);
    },
  );

  it('drops a house without an id and keeps the other results', () => {
    const result = mapSearchResults({ houseList: [without(house, 'houseId'), { houseId: 7 }], houseCount: 2 });
    expect(result.houses.map((h) => h.id)).toEqual([7]);
    expect(result.count).toBe(1);
  });

  it('does without houseCount: the count is what the list holds', () => {
    expect(mapSearchResults({ houseList: [house] }).count).toBe(1);
  });
});

describe('booking answers without one field', () => {
  const full = mapBookingResult(PRE_BOOKING_RESULT);
  const FEEDS: Record<keyof PreBookingResult, string[]> = {
    transactionId: [],
    reservationNumber: ['reservationNumber'],
    priceSpecifications: ['priceOverview'],
    paymentBookingType: ['paymentBookingType'],
    fullPayAmount: ['fullPayAmount'],
    firstPayAmount: ['firstPayAmount'],
    cancellationFundPossible: ['cancellationFundPossible'],
    cancellationFund: ['cancellationFund'],
    houseUnits: ['units'],
    holdExpiresAt: ['holdExpiresAt'],
    paymentUrl: ['paymentUrl'],
    reservationStatus: ['status'],
  };

  it.each(Object.keys(PRE_BOOKING_RESULT) as (keyof PreBookingResult)[])(
    'still maps without %s, changing only its part',
    (field) => {
      const mapped = mapBookingResult(without(PRE_BOOKING_RESULT, field));
      for (const changed of changedFields(full, mapped)) expect(FEEDS[field]).toContain(changed);
    },
  );

  it('maps the answer the documentation shows for pay-now (no payment URL) to a result without one', () => {
    const documented = mapBookingResult({
      transactionId: 'TX-1',
      priceSpecifications: PRE_BOOKING_RESULT.priceSpecifications ?? null,
    });
    expect(documented.paymentUrl).toBeNull();
    expect(documented.holdExpiresAt).toBeNull();
    expect(documented.status).toBeNull();
    expect(documented.priceOverview.total).toBe(293.4);
  });
});
