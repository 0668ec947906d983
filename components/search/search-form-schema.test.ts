import { describe, expect, it } from 'vitest';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import { getDateBounds, toSearchQuery, validateSearchForm, type SearchFormValues } from './search-form-schema';

const today = '2026-07-01';
const base: SearchFormValues = { startDate: '', endDate: '', ...DEFAULT_PARTY };

function errorsOf(values: Partial<SearchFormValues>) {
  const { errors } = validateSearchForm({ ...base, ...values }, today);
  return Object.entries(errors).map(([field, error]) => `${field}:${error}`);
}

describe('search form rules', () => {
  it('accepts no dates (the partner then picks its default stay)', () => {
    expect(errorsOf({})).toEqual([]);
  });

  it('accepts a stay from tomorrow', () => {
    expect(errorsOf({ startDate: '2026-07-02', endDate: '2026-07-09' })).toEqual([]);
  });

  it('asks for the missing half of a stay', () => {
    expect(errorsOf({ startDate: '2026-07-02' })).toEqual(['endDate:endRequired']);
    expect(errorsOf({ endDate: '2026-07-09' })).toEqual(['startDate:startRequired']);
  });

  it('refuses arrivals today or earlier, and departures not after the arrival', () => {
    expect(errorsOf({ startDate: today, endDate: '2026-07-05' })).toEqual(['startDate:startTooEarly']);
    expect(errorsOf({ startDate: '2026-07-05', endDate: '2026-07-05' })).toEqual(['endDate:endBeforeStart']);
  });

  it('caps a stay at 28 nights', () => {
    expect(errorsOf({ startDate: '2026-07-02', endDate: '2026-07-30' })).toEqual([]);
    expect(errorsOf({ startDate: '2026-07-02', endDate: '2026-07-31' })).toEqual(['endDate:stayTooLong']);
  });

  it('refuses impossible dates and arrivals beyond the bookable months', () => {
    expect(errorsOf({ startDate: '2026-02-30', endDate: '2026-03-02' })).toEqual(['startDate:invalidDate']);
    expect(errorsOf({ startDate: '2029-01-01', endDate: '2029-01-03' })).toEqual(['startDate:startTooLate']);
  });

  it('checks each count against its limits and the party against the person cap', () => {
    expect(errorsOf({ adults: 0 })).toEqual(['adults:count']);
    expect(errorsOf({ pets: 5 })).toEqual(['pets:count']);
    expect(errorsOf({ child0512: Number.NaN })).toEqual(['child0512:count']);
    expect(errorsOf({ adults: 16, child1317: 5 })).toEqual(['adults:tooManyPersons']);
  });

  it('reports one error per field, the first found: a count out of its limits before the person cap', () => {
    expect(errorsOf({ adults: 21, child0002: 5 })).toEqual(['adults:count']);
  });

  it('checks the dates even when a count is not a number', () => {
    expect(errorsOf({ adults: Number.NaN, startDate: '2026-07-02' })).toEqual(['adults:count', 'endDate:endRequired']);
  });

  it('reads the dates trimmed and gives back the values to search for', () => {
    const { values, errors } = validateSearchForm({ ...base, startDate: ' 2026-07-02 ', endDate: '2026-07-04 ' }, today);
    expect(errors).toEqual({});
    expect(values).toEqual({ ...base, startDate: '2026-07-02', endDate: '2026-07-04' });
  });
});

describe('date bounds', () => {
  it('lets the departure follow the arrival by 1 to 28 nights', () => {
    const bounds = getDateBounds(today, '2026-07-10');
    expect(bounds.start.min).toBe('2026-07-02');
    expect(bounds.end).toEqual({ min: '2026-07-11', max: '2026-08-07' });
  });

  it('ignores an unreadable arrival', () => {
    expect(getDateBounds(today, 'soon').end.min).toBe('2026-07-03');
  });
});

describe('toSearchQuery', () => {
  it('writes the deep link with defaults left out', () => {
    expect(toSearchQuery({ ...base, startDate: '2026-07-02', endDate: '2026-07-09', child0304: 1 })).toBe(
      'startDate=2026-07-02&endDate=2026-07-09&child0304=1',
    );
  });

  it('keeps the page choices and drops a half stay', () => {
    expect(toSearchQuery({ ...base, startDate: '2026-07-02' }, { type: 3, sort: 'price-desc', petsAllowed: true })).toBe(
      'type=3&sort=price-desc&petsAllowed=1',
    );
  });

  it('keeps the park filter when the guest searches again', () => {
    expect(toSearchQuery({ ...base }, { park: 7 })).toContain('park=7');
  });
});
