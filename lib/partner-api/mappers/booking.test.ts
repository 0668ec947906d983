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
      { id: 12345, number: 'A102', allowPets: true, preferenceIds: null, maxPets: 1 },
      { id: 12346, number: 'A103', allowPets: false, preferenceIds: null, maxPets: 0 },
      { id: 12347, number: '12347', allowPets: true, preferenceIds: [301, 304], maxPets: null },
    ]);
  });

  it('keeps "not said" apart from "none": no preference list is null, an empty one is []', () => {
    expect(mapAvailableUnit({ unitId: 1 })?.preferenceIds).toBeNull();
    expect(mapAvailableUnit({ unitId: 1, preferenceIds: null })?.preferenceIds).toBeNull();
    expect(mapAvailableUnit({ unitId: 1, preferenceIds: [] })?.preferenceIds).toEqual([]);
  });

  it('leaves pets undecided when neither allowPets nor a pet count is sent', () => {
    expect(mapAvailableUnit({ unitId: 1 })).toEqual({
      id: 1,
      number: '1',
      allowPets: null,
      preferenceIds: null,
      maxPets: null,
    });
    expect(mapAvailableUnit({ unitId: 1, nrPets: 0 })?.allowPets).toBe(false);
  });

  it('drops a unit without an id and keeps the rest of the list', () => {
    expect(mapUnits([{ unitNumber: 'A1' }, { unitId: null }, { unitId: 5, unitNumber: 'A5' }]).map((u) => u.id)).toEqual([5]);
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
      { id: 12346, number: '12346', allowPets: null, preferenceIds: null, maxPets: null },
    ]);
    expect(result.priceOverview.total).toBe(293.4);
  });

  it('gives defaults for an empty result and drops an unsafe payment link', () => {
    expect(mapBookingResult({ paymentUrl: 'javascript:alert(1)' })).toEqual({
      reservationNumber: null,
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

describe('the reservation number', () => {
  it('is read as text when the answer carries one, as a string or a number', () => {
    expect(mapBookingResult({ reservationNumber: ' BN-2026-0042 ' }).reservationNumber).toBe('BN-2026-0042');
    expect(mapBookingResult({ reservationNumber: 884213 }).reservationNumber).toBe('884213');
  });

  it('is null when absent, empty or not a usable number, never the transactionId', () => {
    for (const reservationNumber of [undefined, null, '', '  ', 0, -3, 1.5]) {
      expect(mapBookingResult({ transactionId: 'TX-1', reservationNumber }).reservationNumber).toBeNull();
    }
  });
});

describe('types, parks and park houses', () => {
  it('maps house types, dropping bad ids and repeats', () => {
    expect(
      mapHouseTypes([
        { id: 1, name: 'Villa' },
        { id: 2, name: null },
        { id: 0 },
        { id: 1, name: 'Dup' },
      ]),
    ).toEqual([
      { id: 1, name: 'Villa' },
      { id: 2, name: '2' },
    ]);
    expect(mapHouseTypes(undefined)).toEqual([]);
  });

  it('keeps house types without an id (named only) by their name, marked as such', () => {
    expect(mapHouseTypes([{ name: 'Villa' }, { id: null, name: 'Chalet' }])).toEqual([
      { id: expect.any(Number), name: 'Villa', byName: true },
      { id: expect.any(Number), name: 'Chalet', byName: true },
    ]);
  });

  it('drops parks without an id, since no house can be linked to them', () => {
    expect(mapParks([{ name: 'Duinpark', parkConditions: 'Rust', facilities: [] }, ...PARKS]).map((p) => p.id)).toEqual([9]);
    expect(mapParks([{ parkConditions: 'Rust', virtualTourLink: 'https://tour.example.com/1' }])).toEqual([]);
  });

  it('keeps a facility without an id by its name, and drops one with nothing to show', () => {
    const park = mapPark({
      id: 3,
      facilities: [{ name: 'Zwembad', keyword: 'pool' }, { keyword: 'sauna' }, { id: 4 }, { id: 5, name: 'Speeltuin' }],
    });
    expect(park?.facilities.map((f) => f.name)).toEqual(['Zwembad', 'sauna', 'Speeltuin']);
    expect(new Set(park?.facilities.map((f) => f.id)).size).toBe(3);
  });

  it('gives a park without name, conditions, tour or facilities empty parts, not an error', () => {
    expect(mapPark({ id: 3 })).toEqual({ id: 3, name: '', conditions: '', virtualTourLink: null, facilities: [] });
  });

  it('drops active houses without an id and keeps the rest', () => {
    expect(mapParkHouses([{ name: 'Ghost' }, { id: 7 }])).toEqual([{ id: 7, name: '' }]);
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
