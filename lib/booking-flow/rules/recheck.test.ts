import { describe, expect, it } from 'vitest';
import type { HouseDetail, Service, Unit } from '@/lib/booking/types';
import type { BookingSelection } from '@/lib/booking/selection';
import { recheckSelection } from './recheck';
import type { StayData } from './stay-data';

/** The server's re-check before pre-register: the browser's rules, applied again to what the partner offers now. */

const svc = (id: number, costType: string, hasDatePicker = false): Service => ({
  id,
  name: `S${id}`,
  cost: 5,
  costType,
  hasDatePicker,
});
const unit = (id: number, allowPets: boolean, preferenceIds: number[]): Unit => ({
  id,
  number: `U${id}`,
  allowPets,
  preferenceIds,
  maxPets: null,
});

const house = {
  id: 1001,
  name: 'Heiderust',
  preferences: [
    { id: 301, name: 'Pet-free', cost: 13, costType: 'PER_STAY', keyword: 'pet-free', hasDatePicker: false },
    { id: 302, name: 'Patio heater', cost: 6, costType: 'PER_NIGHT', hasDatePicker: false },
    { id: 304, name: 'Jetty', cost: 50, costType: 'PER_STAY', hasDatePicker: false },
  ],
  selectedPeriod: {
    startDate: '2027-01-08',
    endDate: '2027-01-11',
    full: 464.35,
    nights: 3,
    perNight: 154.78,
    currency: 'EUR',
  },
} as unknown as HouseDetail;

const data: StayData = {
  house,
  units: [unit(1, false, [301, 302]), unit(2, true, []), unit(3, false, [302, 304])],
  services: [svc(201, 'PER_PIECE'), svc(205, 'PER_PERSON_PER_NIGHT'), svc(207, 'PER_STAY', true)],
  stale: false,
  ownHold: false,
};

const base: BookingSelection = {
  houseId: 1001,
  startDate: '2027-01-08',
  endDate: '2027-01-11',
  party: { adults: 2, child0002: 0, child0304: 0, child0512: 0, child1317: 0, pets: 0 },
  preferenceIds: [],
  services: [],
  cancellationFund: false,
};

describe('recheckSelection', () => {
  it('accepts what the browser allows', () => {
    expect(recheckSelection({ ...base, preferenceIds: [302, 304] }, data)).toEqual({ ok: true });
    expect(recheckSelection({ ...base, preferenceIds: [302], unitId: 1 }, data)).toEqual({ ok: true });
  });

  it('refuses pet-free accommodation with pets', () => {
    const sel = { ...base, party: { ...base.party, pets: 1 }, preferenceIds: [301] };
    expect(recheckSelection(sel, data)).toMatchObject({
      ok: false,
      errors: expect.arrayContaining(['pets_conflict']),
    });
  });

  it('refuses preferences no unit offers together, unknown ids and a unit that does not match', () => {
    expect(recheckSelection({ ...base, preferenceIds: [301, 304] }, data)).toEqual({
      ok: false,
      errors: ['no_matching_unit'],
    });
    expect(recheckSelection({ ...base, preferenceIds: [999] }, data)).toMatchObject({
      ok: false,
      errors: expect.arrayContaining(['unknown_preference']),
    });
    expect(recheckSelection({ ...base, preferenceIds: [304], unitId: 1 }, data)).toEqual({
      ok: false,
      errors: ['unit_not_matching'],
    });
  });

  it('refuses a unit without pets when pets come along', () => {
    const sel = { ...base, party: { ...base.party, pets: 1 }, unitId: 1 };
    expect(recheckSelection(sel, data)).toEqual({ ok: false, errors: ['unit_not_matching'] });
  });

  it('says "not available" when the house has no price for the period', () => {
    expect(recheckSelection(base, { ...data, house: { ...house, selectedPeriod: null } })).toEqual({
      ok: false,
      errors: ['not_available'],
    });
  });

  it('does not call a stay "not available" because this session’s own hold takes its last free unit', () => {
    // The partner counts the guest's own hold as taken: the period has no price for anyone else.
    const ownLast: StayData = { ...data, house: { ...house, selectedPeriod: null }, units: [unit(3, false, [302, 304])], ownHold: true };
    expect(recheckSelection({ ...base, preferenceIds: [302] }, ownLast)).toEqual({ ok: true });
    expect(recheckSelection({ ...base, cancellationFund: true }, ownLast)).toEqual({ ok: true });
  });
});

describe('the cancellation fund', () => {
  const withFund = (possible: boolean | undefined): StayData => ({
    ...data,
    house: {
      ...house,
      selectedPeriod: {
        ...house.selectedPeriod!,
        ...(possible === undefined ? {} : { cancellationFundPossible: possible }),
      },
    },
  });

  it('is refused before the partner is asked when the partner says the stay has none', () => {
    expect(recheckSelection({ ...base, cancellationFund: true }, withFund(false))).toEqual({
      ok: false,
      errors: ['cancellation_fund_unavailable'],
    });
    expect(recheckSelection({ ...base, cancellationFund: false }, withFund(false))).toEqual({ ok: true });
  });

  it('is left to the partner when it says it is possible, or says nothing', () => {
    expect(recheckSelection({ ...base, cancellationFund: true }, withFund(true))).toEqual({ ok: true });
    expect(recheckSelection({ ...base, cancellationFund: true }, withFund(undefined))).toEqual({ ok: true });
  });
});
