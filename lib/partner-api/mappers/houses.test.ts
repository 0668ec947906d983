import { describe, expect, it } from 'vitest';
import { COST_TYPES, isKnownCostType, lineCost } from '@/lib/booking/costs';
import {
  AVAILABLE_UNITS,
  HOUSE_DETAILS,
  PARKS,
  PRE_BOOKING_RESULT,
  SEARCH_RESULT,
} from '../fixtures/partner-payloads';
import {
  AvailableHouseUnitsResultSchema,
  HouseDetailsSchema,
  HousesSearchResultSchema,
  ParkDataResultSchema,
  PreBookingResultSchema,
} from '../schemas';
import { toSafeUrl } from './helpers';
import { mapHouseDetail, mapHousePrice, mapSearchResults, mapService } from './houses';

describe('fixtures', () => {
  it('are valid partner payloads', () => {
    expect(HousesSearchResultSchema.safeParse(SEARCH_RESULT).success).toBe(true);
    expect(HouseDetailsSchema.safeParse(HOUSE_DETAILS).success).toBe(true);
    expect(AvailableHouseUnitsResultSchema.safeParse(AVAILABLE_UNITS).success).toBe(true);
    expect(PreBookingResultSchema.safeParse(PRE_BOOKING_RESULT).success).toBe(true);
    expect(ParkDataResultSchema.safeParse(PARKS).success).toBe(true);
  });
});

describe('toSafeUrl', () => {
  it.each([
    ['https://img.example.com/a.jpg', 'https://img.example.com/a.jpg'],
    [' http://127.0.0.1:4010/pictures/1.png ', 'http://127.0.0.1:4010/pictures/1.png'],
    ['javascript:alert(1)', null],
    ['JAVASCRIPT:alert(1)', null],
    ['data:image/png;base64,AAAA', null],
    ['//evil.example/x.jpg', null],
    ['/relative.jpg', null],
    ['https://user@evil.example/', null],
    ['https://user:pass@evil.example/', null],
    ['', null],
    [null, null],
  ])('%j → %j', (value, expected) => {
    expect(toSafeUrl(value)).toBe(expected);
  });
});

describe('mapHousePrice', () => {
  it('reads the documented example', () => {
    expect(mapHousePrice(SEARCH_RESULT.houseList?.[0]?.price)).toEqual({
      startDate: '2025-06-13',
      endDate: '2025-06-15',
      full: 320,
      discounted: 289,
      nights: 2,
      perNight: 144.5,
      currency: 'EUR',
    });
  });

  it('takes a price without dates as the price of the period asked for', () => {
    const asked = { startDate: '2026-07-01', endDate: '2026-07-04' } as const;
    expect(mapHousePrice({ fullPrice: 300 }, asked)).toMatchObject({ ...asked, full: 300, nights: 3 });
    // Without a period asked for, a price without dates says nothing usable.
    expect(mapHousePrice({ fullPrice: 300 })).toBeNull();
    // The partner's own dates win over the period asked for.
    expect(
      mapHousePrice({ startDate: '2026-07-02', endDate: '2026-07-04', fullPrice: 200 }, asked)?.startDate,
    ).toBe('2026-07-02');
  });

  it('keeps the voucher amount and the party the partner says it priced', () => {
    const price = mapHousePrice({
      startDate: '2026-07-01',
      endDate: '2026-07-04',
      fullPrice: 300,
      voucherAmount: 50,
      numberOfPersons: { adults: 2, child0512: 1 },
      numberOfPets: 0,
    });
    expect(price?.voucherAmount).toBe(50);
    expect(price?.pricedFor).toEqual({ persons: 3, pets: 0 });
    const plain = mapHousePrice({ startDate: '2026-07-01', endDate: '2026-07-04', fullPrice: 300 });
    expect(plain).not.toHaveProperty('pricedFor');
    expect(plain).not.toHaveProperty('voucherAmount');
  });

  it('shows no discount that is not lower', () => {
    expect(mapHousePrice(HOUSE_DETAILS.selectedPeriod)).not.toHaveProperty('discounted');
    expect(
      mapHousePrice({ startDate: '2026-07-01', endDate: '2026-07-04', fullPrice: 100, discountedPrice: 120 }),
    ).toEqual(expect.not.objectContaining({ discounted: expect.anything() }));
  });

  it('keeps whether the partner offers a cancellation fund for the stay, only when it says', () => {
    const period = { startDate: '2026-07-01', endDate: '2026-07-04', fullPrice: 100 };
    expect(mapHousePrice({ ...period, cancellationFundPossible: false })?.cancellationFundPossible).toBe(
      false,
    );
    expect(mapHousePrice({ ...period, cancellationFundPossible: true })?.cancellationFundPossible).toBe(true);
    expect(mapHousePrice(period)).not.toHaveProperty('cancellationFundPossible');
  });

  it('rounds the nightly price to cents', () => {
    expect(mapHousePrice({ startDate: '2026-07-01', endDate: '2026-07-04', fullPrice: 100 })?.perNight).toBe(
      33.33,
    );
  });

  it.each([
    ['no price', null],
    ['no dates', { fullPrice: 100 }],
    ['no amount', { startDate: '2026-07-01', endDate: '2026-07-03' }],
    ['zero nights', { startDate: '2026-07-01', endDate: '2026-07-01', fullPrice: 100 }],
    ['reversed dates', { startDate: '2026-07-03', endDate: '2026-07-01', fullPrice: 100 }],
    ['negative amount', { startDate: '2026-07-01', endDate: '2026-07-03', fullPrice: -5 }],
  ])('is null with %s', (_name, raw) => {
    expect(mapHousePrice(raw)).toBeNull();
  });
});

describe('mapSearchResults', () => {
  const { houses, count } = mapSearchResults(SEARCH_RESULT);

  it('drops houses without an id and repeated ids', () => {
    expect(houses.map((h) => h.id)).toEqual([101, 102]);
    expect(count).toBe(2);
  });

  it('maps a full house', () => {
    expect(houses[0]).toEqual({
      id: 101,
      name: 'Duinhuis 4',
      persons: 4,
      bedrooms: 2,
      bathrooms: 1.5,
      beds: 4,
      maxPets: 1,
      surface: '85 m²',
      picture: 'https://img.example.com/101/main.jpg',
      pictures: ['https://img.example.com/101/main.jpg', 'https://img.example.com/101/1.jpg'],
      description: 'Licht en ruim.',
      price: expect.objectContaining({ full: 320, discounted: 289 }),
      houseTypeId: 3,
      parkId: 9,
    });
  });

  it('fills the gaps of a sparse house with defaults', () => {
    expect(houses[1]).toEqual({
      id: 102,
      name: '',
      persons: null,
      bedrooms: null,
      bathrooms: null,
      beds: null,
      maxPets: 0,
      surface: null,
      picture: null,
      pictures: [],
      description: '',
      price: null,
    });
  });

  it('survives an empty or missing result', () => {
    expect(mapSearchResults(null)).toEqual({ houses: [], count: 0 });
    expect(mapSearchResults({ houseList: null, houseCount: 5 })).toEqual({ houses: [], count: 0 });
  });
});

describe('mapHouseDetail', () => {
  const house = mapHouseDetail(HOUSE_DETAILS);

  it('lists the known facts with their labels', () => {
    expect(house?.facts).toEqual([
      { key: 'persons', label: 'Personen', value: 4 },
      { key: 'bedrooms', label: 'Slaapkamers', value: 2 },
      { key: 'bathrooms', label: '', value: 1 },
      { key: 'pets', label: 'Huisdieren', value: 2 },
      { key: 'surface', label: 'Oppervlakte', value: '85 m²' },
      { key: 'parking', label: 'Parkeerplaats', value: 1 },
    ]);
    expect(house).toMatchObject({ id: 101, name: 'Duinhuis 4', persons: 4, maxPets: 2, parkId: 9 });
    expect(house).not.toHaveProperty('houseTypeId');
  });

  it('pairs thumbnails by position and drops unsafe links', () => {
    expect(house?.pictures).toEqual([
      { url: 'https://img.example.com/101/1.jpg', thumbnail: 'https://img.example.com/101/1-thumb.jpg' },
      { url: 'https://img.example.com/101/2.jpg', thumbnail: 'https://img.example.com/101/2.jpg' },
    ]);
    expect(house?.virtualTourLink).toBeNull();
  });

  it('turns date-times into sorted, unique calendar dates', () => {
    expect(house?.availableStartDates).toEqual(['2026-07-10', '2026-07-17', '2026-07-24']);
    expect(house?.availableEndDates).toEqual([]);
    expect(house?.selectedPeriod).toMatchObject({
      startDate: '2026-07-10',
      endDate: '2026-07-17',
      nights: 7,
      perNight: 100,
    });
  });

  it('maps services, keeping unknown cost types for costs.ts to flag', () => {
    expect(house?.mandatoryServices[1]).toEqual({
      id: 103,
      name: 'Toeristenbelasting',
      cost: 2.2,
      costType: 'PER_PERSON_PER_NIGHT',
      keyword: 'tourist-tax',
      hasDatePicker: false,
    });
    expect(house?.optionalServices.map((s) => s.id)).toEqual([201, 212, 213]);
    const sauna = house?.optionalServices[1];
    expect(sauna).toMatchObject({ costType: 'PER_WEEK', hasDatePicker: true });
    expect(sauna && lineCost({ ...sauna, nights: 7, persons: 2 }).unknownCostType).toBe(true);
    expect(house?.optionalServices[2]).toEqual({
      id: 213,
      name: '',
      cost: 0,
      costType: '',
      hasDatePicker: false,
    });
    expect(house?.preferences.map((p) => p.keyword)).toEqual(['patio-heater', 'pet-free']);
  });

  it('sorts features available first, keeping the partner order within each part', () => {
    expect(house?.features).toEqual([
      { keyword: 'parking', name: 'Parkeren', available: true },
      { keyword: 'wifi', name: 'wifi', available: true },
      { keyword: 'sauna', name: 'Sauna', available: false },
      { keyword: 'bathtub', name: 'Bad', available: false },
    ]);
  });

  it('gives defaults for a bare house and null without an id', () => {
    expect(mapHouseDetail({ houseId: 5 })).toEqual({
      id: 5,
      name: '',
      persons: null,
      maxPets: 0,
      facts: [],
      descriptions: { location: '', interior: '', surroundings: '', parkConditions: '' },
      pictures: [],
      virtualTourLink: null,
      mandatoryServices: [],
      optionalServices: [],
      preferences: [],
      features: [],
      availableStartDates: [],
      availableEndDates: [],
      selectedPeriod: null,
    });
    expect(mapHouseDetail({ houseId: -1 })).toBeNull();
  });
});

describe('cost types', () => {
  it('prices every cost type the partner documents by its own rule, not as an unknown one', () => {
    for (const costType of COST_TYPES) {
      expect(isKnownCostType(costType)).toBe(true);
      expect(mapService({ id: 1, cost: 10, costType })?.costType).toBe(costType);
    }
  });
});
