import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  compareDates,
  countNights,
  fromEpochDay,
  getToday,
  getWeekday,
  isCalendarDate,
  oncePerSecond,
  parseCalendarDate,
  toEpochDay,
} from './dates';

/** Any real calendar date between 1900 and 2200, built through Date as an independent oracle. */
const arbitraryDate = fc
  .integer({ min: Date.UTC(1900, 0, 1) / 86_400_000, max: Date.UTC(2200, 11, 31) / 86_400_000 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));

describe('isCalendarDate / parseCalendarDate', () => {
  it.each(['2026-07-01', '2024-02-29', '2000-02-29', '1999-12-31', '0001-01-01', '9999-12-31', '2026-04-30'])(
    'accepts %s',
    (value) => {
      expect(isCalendarDate(value)).toBe(true);
      expect(parseCalendarDate(value)).toBe(value);
    },
  );

  it.each([
    '2026-02-30',
    '2025-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-07-00',
    '0000-01-01',
    '2026-7-1',
    '20260701',
    '2026/07/01',
    ' 2026-07-01',
    '2026-07-01T00:00:00.000Z',
    '２０２６-07-01',
    '',
    'today',
  ])('rejects %j', (value) => {
    expect(isCalendarDate(value)).toBe(false);
    expect(parseCalendarDate(value)).toBeNull();
  });

  it('rejects non-strings', () => {
    for (const value of [null, undefined, 20260701, new Date(), {}])
      expect(isCalendarDate(value)).toBe(false);
  });

  it('accepts every real day, as Date produces them', () => {
    fc.assert(
      fc.property(arbitraryDate, (date) => {
        expect(isCalendarDate(date)).toBe(true);
      }),
    );
  });
});

describe('day arithmetic', () => {
  it('counts days since 1970 like Date.UTC', () => {
    fc.assert(
      fc.property(arbitraryDate, (date) => {
        expect(toEpochDay(date)).toBe(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
        expect(fromEpochDay(toEpochDay(date))).toBe(date);
      }),
    );
  });

  it.each([
    ['2026-07-01', 1, '2026-07-02'],
    ['2026-07-31', 1, '2026-08-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2026-03-28', 2, '2026-03-30'], // across the spring clock change in Europe
    ['2026-10-24', 2, '2026-10-26'], // across the autumn clock change
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-07-01', 0, '2026-07-01'],
    ['2026-07-01', 365, '2027-07-01'],
  ])('addDays(%s, %i) = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('undoes itself and agrees with countNights', () => {
    fc.assert(
      fc.property(arbitraryDate, fc.integer({ min: -3000, max: 3000 }), (date, days) => {
        expect(addDays(addDays(date, days), -days)).toBe(date);
        expect(countNights(date, addDays(date, days))).toBe(days);
      }),
    );
  });

  it('counts nights of a stay', () => {
    expect(countNights('2026-07-01', '2026-07-08')).toBe(7);
    expect(countNights('2026-02-27', '2026-03-02')).toBe(3);
    expect(countNights('2026-07-08', '2026-07-01')).toBe(-7);
  });

  it('rejects invalid input loudly (a programming error, not user input)', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-07-01', 1.5)).toThrow(RangeError);
    expect(() => countNights('x', '2026-07-01')).toThrow(RangeError);
    expect(() => fromEpochDay(Number.NaN)).toThrow(RangeError);
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
  });

  it('compares chronologically', () => {
    expect(compareDates('2026-07-01', '2026-07-02')).toBe(-1);
    expect(compareDates('2026-07-02', '2026-07-01')).toBe(1);
    expect(compareDates('2026-07-01', '2026-07-01')).toBe(0);
    expect(['2027-01-01', '2026-12-31', '2026-02-01'].sort(compareDates)).toEqual([
      '2026-02-01',
      '2026-12-31',
      '2027-01-01',
    ]);
  });
});

describe('getWeekday', () => {
  it('gives ISO weekdays', () => {
    expect(getWeekday('2026-07-01')).toBe(3); // Wednesday
    expect(getWeekday('2026-07-05')).toBe(7); // Sunday
    expect(getWeekday('2026-07-06')).toBe(1); // Monday
    expect(getWeekday('1970-01-01')).toBe(4);
    expect(getWeekday('1969-12-29')).toBe(1);
  });

  it('agrees with Date#getUTCDay', () => {
    fc.assert(
      fc.property(arbitraryDate, (date) => {
        expect(getWeekday(date) % 7).toBe(new Date(`${date}T00:00:00Z`).getUTCDay());
      }),
    );
  });
});

describe('getToday', () => {
  const lateEvening = new Date('2026-06-30T22:30:00Z');

  it('is the calendar day in Amsterdam by default', () => {
    expect(getToday(undefined, lateEvening)).toBe('2026-07-01'); // 00:30 in Amsterdam (UTC+2)
  });

  it('follows the given zone', () => {
    expect(getToday('UTC', lateEvening)).toBe('2026-06-30');
    expect(getToday('America/New_York', lateEvening)).toBe('2026-06-30');
    expect(getToday('Pacific/Kiritimati', new Date('2026-06-30T10:30:00Z'))).toBe('2026-07-01');
    expect(getToday('Europe/Amsterdam', new Date('2026-01-01T22:59:59Z'))).toBe('2026-01-01');
    expect(getToday('Europe/Amsterdam', new Date('2026-01-01T23:00:00Z'))).toBe('2026-01-02');
  });

  it('moves to the next day at the first millisecond of midnight, however often it was asked in the second before', () => {
    for (let i = 0; i < 3; i++)
      expect(getToday('Europe/Amsterdam', new Date('2026-01-01T22:59:59.999Z'))).toBe('2026-01-01');
    expect(getToday('Europe/Amsterdam', new Date('2026-01-01T23:00:00.000Z'))).toBe('2026-01-02');
    expect(getToday('America/New_York', new Date('2026-01-01T23:00:00.000Z'))).toBe('2026-01-01');
  });

  it('returns a calendar date for the real clock', () => {
    expect(isCalendarDate(getToday())).toBe(true);
  });

  it('rejects an unknown zone', () => {
    expect(() => getToday('Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('oncePerSecond', () => {
  it('works an answer out once for each second and key, and again when either changes', () => {
    const asked: Array<[string, number]> = [];
    const dayOf = oncePerSecond((zone: string, ms: number) => {
      asked.push([zone, ms]);
      return `${zone} ${Math.floor(ms / 1000)}`;
    });
    expect(dayOf('A', 5_000)).toBe('A 5');
    expect(dayOf('A', 5_999)).toBe('A 5');
    expect(asked).toEqual([['A', 5_000]]);
    expect(dayOf('A', 6_000)).toBe('A 6');
    expect(dayOf('B', 6_000)).toBe('B 6');
    expect(dayOf('B', 5_500)).toBe('B 5');
    expect(asked).toHaveLength(4);
  });
});
