import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromPartnerDate, toPartnerDateTime } from './dates';

/** Any real calendar date between 1900 and 2200, built through Date as an independent oracle. */
const arbitraryDate = fc
  .integer({ min: Date.UTC(1900, 0, 1) / 86_400_000, max: Date.UTC(2200, 11, 31) / 86_400_000 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));

describe('partner date forms', () => {
  it('writes the partner date-time', () => {
    expect(toPartnerDateTime('2026-07-01')).toBe('2026-07-01T00:00:00.000Z');
    expect(() => toPartnerDateTime('2026-02-30')).toThrow(RangeError);
  });

  it.each([
    ['2026-07-01T00:00:00.000Z', '2026-07-01'],
    ['2026-07-01', '2026-07-01'],
    ['2024-11-27T17:24:13.829Z', '2024-11-27'],
    ['2026-07-01T00:00:00Z', '2026-07-01'],
    ['2026-07-01T00:00', '2026-07-01'],
    ['2026-07-01T00:00:00+02:00', '2026-07-01'],
    [' 2026-07-01T00:00:00.000Z ', '2026-07-01'],
  ])('reads %j as %s', (value, expected) => {
    expect(fromPartnerDate(value)).toBe(expected);
  });

  it.each(['2026-02-30T00:00:00.000Z', '2026-07-01 00:00', '01-07-2026', 'not a date', '', null, undefined])(
    'gives null for %j',
    (value) => {
      expect(fromPartnerDate(value)).toBeNull();
    },
  );

  it('round-trips', () => {
    fc.assert(
      fc.property(arbitraryDate, (date) => {
        expect(fromPartnerDate(toPartnerDateTime(date))).toBe(date);
      }),
    );
  });
});
