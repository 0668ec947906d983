import { describe, expect, it } from 'vitest';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import {
  bookingHref,
  getInitialMonth,
  getPartyProblem,
  getStep,
  isDayEnabled,
  isDayToCheck,
  pickDay,
  readRequestedStay,
  stayQuery,
} from './house-stay';

const today = '2026-07-01';
const lists = { arrivals: ['2026-07-03', '2026-07-10'], departures: ['2026-07-06', '2026-07-08'] };

describe('booking panel steps', () => {
  it('asks for an arrival, then for a departure, then starts over', () => {
    expect(getStep({})).toBe('arrival');
    const arrival = pickDay({}, '2026-07-03');
    expect(arrival).toEqual({ startDate: '2026-07-03' });
    expect(getStep(arrival)).toBe('departure');
    const stay = pickDay(arrival, '2026-07-06');
    expect(stay).toEqual({ startDate: '2026-07-03', endDate: '2026-07-06' });
    expect(getStep(stay)).toBe('arrival');
    expect(pickDay(stay, '2026-07-10')).toEqual({ startDate: '2026-07-10' });
  });

  it('enables only offered arrivals, then only offered departures', () => {
    expect(isDayEnabled('2026-07-03', {}, lists, today)).toBe(true);
    expect(isDayEnabled('2026-07-04', {}, lists, today)).toBe(false);
    const arrival = { startDate: '2026-07-03' };
    expect(isDayEnabled('2026-07-06', arrival, lists, today)).toBe(true);
    expect(isDayEnabled('2026-07-10', arrival, lists, today)).toBe(false);
    expect(isDayEnabled('2026-07-03', arrival, lists, today)).toBe(false);
  });

  it('past the last listed arrival, enables the days on the list’s arrival weekdays, to be checked', () => {
    // The list ends on Friday 10 July: later Fridays may be asked about, other days not.
    expect(isDayEnabled('2026-07-17', {}, lists, today)).toBe(true);
    expect(isDayToCheck('2026-07-17', {}, lists.arrivals, today)).toBe(true);
    expect(isDayEnabled('2026-07-18', {}, lists, today)).toBe(false);
    expect(isDayToCheck('2026-07-10', {}, lists.arrivals, today)).toBe(false);
    // Once such an arrival is picked, the partner's departures for it decide, as for any arrival.
    const arrival = { startDate: '2026-07-17' };
    expect(isDayToCheck('2026-07-24', arrival, lists.arrivals, today)).toBe(false);
    expect(isDayEnabled('2026-07-24', arrival, { ...lists, departures: ['2026-07-24'] }, today)).toBe(true);
    expect(isDayEnabled('2026-07-24', arrival, { ...lists, departures: [] }, today)).toBe(false);
  });

  it('enables nothing while a list is unknown', () => {
    expect(isDayEnabled('2026-07-03', {}, { arrivals: undefined, departures: undefined }, today)).toBe(false);
    expect(isDayEnabled('2026-07-06', { startDate: '2026-07-03' }, { ...lists, departures: undefined }, today)).toBe(false);
  });

  it('opens on the chosen arrival, else the first offered one', () => {
    expect(getInitialMonth({ startDate: '2026-09-04' }, lists.arrivals, today)).toBe('2026-09');
    expect(getInitialMonth({}, ['2026-08-14'], today)).toBe('2026-08');
    expect(getInitialMonth({}, [], today)).toBe('2026-07');
  });

  it("opens on the parks' today when the partner, still on UTC's day before, offers it as an arrival", () => {
    // 00:30 in Amsterdam on 1 December is 23:30 UTC on 30 November: the partner's tomorrow.
    const now = new Date('2026-11-30T23:30:00Z');
    expect(getInitialMonth({}, ['2026-12-01', '2027-01-08'], '2026-12-01', now)).toBe('2026-12');
    // An hour later both days are the same, and today is no longer an arrival.
    expect(getInitialMonth({}, ['2026-12-01', '2027-01-08'], '2026-12-01', new Date('2026-12-01T00:30:00Z'))).toBe(
      '2027-01',
    );
  });
});

describe('addresses', () => {
  it('keeps the stay and party in the deep-link form', () => {
    expect(stayQuery({ startDate: '2026-07-03' }, { ...DEFAULT_PARTY, child0002: 1 })).toBe(
      'startDate=2026-07-03&child0002=1',
    );
    expect(stayQuery({}, { ...DEFAULT_PARTY })).toBe('');
    expect(bookingHref(1001, { startDate: '2026-07-03', endDate: '2026-07-06' }, { ...DEFAULT_PARTY, pets: 1 })).toBe(
      '/book/1001?startDate=2026-07-03&endDate=2026-07-06&pets=1',
    );
  });

  it('reads a full stay, an arrival on its own, or none', () => {
    expect(readRequestedStay({ startDate: '2026-07-03', endDate: '2026-07-06', adults: '3' }, today)).toEqual({
      stay: { startDate: '2026-07-03', endDate: '2026-07-06' },
      party: { ...DEFAULT_PARTY, adults: 3 },
      issues: [],
    });
    expect(readRequestedStay({ startDate: '2026-07-03' }, today).stay).toEqual({ startDate: '2026-07-03' });
    expect(readRequestedStay({ startDate: '2026-07-03' }, today).issues).toEqual([]);
    const past = readRequestedStay({ startDate: '2026-06-03', endDate: '2026-06-05' }, today);
    expect(past.stay).toEqual({});
    expect(past.issues.map((i) => i.code)).toEqual(['start_in_past']);
  });

  it("keeps an arrival on its own on the parks' today while the partner, still on UTC's day before, takes it", () => {
    const arrival = { startDate: '2026-12-01' };
    expect(readRequestedStay(arrival, '2026-12-01', new Date('2026-11-30T23:30:00Z')).stay).toEqual(arrival);
    expect(readRequestedStay(arrival, '2026-12-01', new Date('2026-12-01T00:30:00Z')).stay).toEqual({});
  });
});

describe('getPartyProblem', () => {
  const house = { persons: 4, maxPets: 1 };
  it('explains why a party does not fit before asking the partner', () => {
    expect(getPartyProblem({ ...DEFAULT_PARTY }, house)).toBeNull();
    expect(getPartyProblem({ ...DEFAULT_PARTY, adults: 5 }, house)).toBe('tooManyForHouse');
    expect(getPartyProblem({ ...DEFAULT_PARTY, pets: 2 }, house)).toBe('tooManyPets');
    expect(getPartyProblem({ ...DEFAULT_PARTY, pets: 1 }, { persons: 4, maxPets: 0 })).toBe('petsNotAllowed');
    expect(getPartyProblem({ ...DEFAULT_PARTY, adults: 0 }, house)).toBe('limits');
    expect(getPartyProblem({ ...DEFAULT_PARTY, adults: 16, child0512: 5 }, { persons: 30, maxPets: 0 })).toBe(
      'tooManyPersons',
    );
  });
});
