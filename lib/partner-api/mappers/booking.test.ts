import { describe, expect, it } from 'vitest';
import { AVAILABLE_UNITS, PARKS, PRE_BOOKING_RESULT } from '../fixtures/partner-payloads';
import {
  mapAvailableUnit,
  mapBookingResult,
  mapHouseTypes,
  mapPark,
  mapParks,
  mapParkHouses,
  mapUnits,
} from './booking';
import { mapService } from './houses';

describe('units', () => {
  it('reads either pet field and derives allowPets from it', () => {
    expect(mapUnits(AVAILABLE_UNITS)).toEqual([
      { id: 12345, number: 'A102', allowPets: true, preferenceIds: [], maxPets: 1 },
      { id: 12346, number: 'A103', allowPets: false, preferenceIds: [], maxPets: 0 },
      { id: 12347, number: '12347', allowPets: true, preferenceIds: [301, 304], maxPets: null },
    ]);
  });

  it('prefers an explicit allowPets', () => {
    expect(mapAvailableUnit({ unitId: 1, nrPets: 2, allowPets: false })?.allowPets).toBe(false);
  });
});

describe('mapBookingResult', () => {
  const result = mapBookingResult(PRE_BOOKING_RESULT);

  it('never carries the transactionId', () => {
    expect(JSON.stringify(result)).not.toContain('TX-SECRET-123');
  });

  it('maps amounts, units and the price overview', () => {
    expect(result).toMatchObject({
      paymentBookingType: 'EarlyBooking',
      fullPayAmount: 293.4,
      firstPayAmount: 88.02,
      cancellationFundPossible: true,
      cancellationFund: 12.5,
      holdExpiresAt: '2026-07-01T12:30:00.000Z',
      paymentUrl: 'https://pay.example.com/session/abc',
      status: 'Held',
    });
    expect(result.units).toEqual([
      { id: 12345, number: 'A102', allowPets: true, preferenceIds: [301], maxPets: null },
      { id: 12346, number: '12346', allowPets: false, preferenceIds: [], maxPets: null },
    ]);
    expect(result.priceOverview.total).toBe(293.4);
  });

  it('gives defaults for an empty result and drops an unsafe payment link', () => {
    expect(mapBookingResult({ paymentUrl: 'javascript:alert(1)' })).toEqual({
      paymentBookingType: null,
      fullPayAmount: null,
      firstPayAmount: null,
      cancellationFundPossible: false,
      cancellationFund: null,
      priceOverview: { groups: [], total: null },
      units: [],
      holdExpiresAt: null,
      paymentUrl: null,
      status: null,
    });
  });
});

describe('types, parks and park houses', () => {
  it('maps house types, dropping bad ids and repeats', () => {
    expect(
      mapHouseTypes([
        { id: 1, name: 'Villa' },
        { id: 2, name: null },
        { id: 0, name: 'x' },
        { id: 1, name: 'Dup' },
      ]),
    ).toEqual([
      { id: 1, name: 'Villa' },
      { id: 2, name: '2' },
    ]);
    expect(mapHouseTypes(undefined)).toEqual([]);
  });

  it('maps a park with its facilities', () => {
    expect(mapPark(PARKS[0] ?? { id: 0 })).toEqual({
      id: 9,
      name: 'Duinpark',
      conditions: 'Rust na 22:00.',
      virtualTourLink: 'https://tour.example.com/9',
      facilities: [
        { id: 1, name: 'Zwembad', keyword: 'pool' },
        { id: 2, name: 'playground', keyword: 'playground' },
      ],
    });
    expect(mapPark({ id: 0 })).toBeNull();
    expect(mapParks([...PARKS, { id: 0 }, { id: 9, name: 'Dup' }]).map((p) => p.name)).toEqual(['Duinpark']);
    expect(mapParks(null)).toEqual([]);
  });

  it('maps park houses', () => {
    expect(mapParkHouses([{ id: 7, name: ' Villa ', parkId: 9 }, { id: 8, name: null }, { id: -1 }])).toEqual(
      [
        { id: 7, name: 'Villa', parkId: 9 },
        { id: 8, name: '' },
      ],
    );
  });

  it('drops a service without a usable id', () => {
    expect(mapService({ id: 0 })).toBeNull();
  });
});
