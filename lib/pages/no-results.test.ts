import { describe, expect, it } from 'vitest';
import { getLongerStays, getNearbyStays, pickNoResultsReason } from './no-results';

describe('getNearbyStays', () => {
  it('offers stays of the same length a week and three days around the arrival', () => {
    expect(getNearbyStays({ startDate: '2026-07-17', endDate: '2026-07-24' }, '2026-06-01')).toEqual([
      { startDate: '2026-07-10', endDate: '2026-07-17' },
      { startDate: '2026-07-14', endDate: '2026-07-21' },
      { startDate: '2026-07-20', endDate: '2026-07-27' },
      { startDate: '2026-07-24', endDate: '2026-07-31' },
    ]);
  });

  it('never offers an arrival today or in the past', () => {
    const stays = getNearbyStays({ startDate: '2026-06-04', endDate: '2026-06-06' }, '2026-06-01');
    expect(stays.map((s) => s.startDate)).toEqual(['2026-06-07', '2026-06-11']);
  });

  it('offers nothing for a stay without nights', () => {
    expect(getNearbyStays({ startDate: '2026-07-17', endDate: '2026-07-17' }, '2026-06-01')).toEqual([]);
  });
});

describe('getLongerStays', () => {
  it('offers three nights and a week from the same arrival day for a short stay', () => {
    expect(getLongerStays({ startDate: '2026-07-17', endDate: '2026-07-18' })).toEqual([
      { startDate: '2026-07-17', endDate: '2026-07-20' },
      { startDate: '2026-07-17', endDate: '2026-07-24' },
    ]);
  });

  it('offers only longer stays than the one asked for, and none from a week on', () => {
    expect(getLongerStays({ startDate: '2026-07-17', endDate: '2026-07-21' })).toEqual([
      { startDate: '2026-07-17', endDate: '2026-07-24' },
    ]);
    expect(getLongerStays({ startDate: '2026-07-17', endDate: '2026-07-24' })).toEqual([]);
    expect(getLongerStays({ startDate: '2026-07-17', endDate: '2026-07-17' })).toEqual([]);
  });
});

describe('pickNoResultsReason', () => {
  const search = { hasDates: true, hasType: false, pets: 0 };

  it('blames the dates when the party finds houses on other dates', () => {
    expect(pickNoResultsReason(search, { anyDates: 12, anyType: null, withoutPets: null })).toBe('dates');
  });

  it('blames the length of the stay when only longer stays from that day are free', () => {
    const counts = { anyDates: 12, anyType: null, withoutPets: null };
    expect(pickNoResultsReason(search, { ...counts, nearby: 0, longer: 4 })).toBe('length');
    // Stays of the same length around the dates are free too: the dates, not the length.
    expect(pickNoResultsReason(search, { ...counts, nearby: 3, longer: 4 })).toBe('dates');
    expect(pickNoResultsReason(search, { ...counts, nearby: 0, longer: 0 })).toBe('dates');
  });

  it('blames the house type when other types have room', () => {
    expect(
      pickNoResultsReason({ ...search, hasType: true }, { anyDates: 0, anyType: 5, withoutPets: null }),
    ).toBe('type');
  });

  it('blames the pets when the same people without pets find houses', () => {
    expect(pickNoResultsReason({ ...search, pets: 3 }, { anyDates: 0, anyType: 0, withoutPets: 7 })).toBe('pets');
  });

  it('blames the party size when nothing fits at all', () => {
    expect(pickNoResultsReason({ ...search, pets: 1 }, { anyDates: 0, anyType: 0, withoutPets: 0 })).toBe('party');
    expect(pickNoResultsReason({ hasDates: false, hasType: false, pets: 0 }, { anyDates: null, anyType: 0, withoutPets: null })).toBe('party');
  });

  it('stays vague when a follow-up search failed', () => {
    expect(pickNoResultsReason(search, { anyDates: null, anyType: null, withoutPets: null })).toBe('unknown');
  });
});
