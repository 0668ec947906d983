import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  buildMonthGrid,
  canShowNextMonth,
  canShowPreviousMonth,
  clampMonth,
  getLastBrowsableDate,
  getMonthBounds,
  getLastListedArrival,
  getLastShownDate,
  getMonthOf,
  hasArrivalsToCheck,
  isArrivalToCheck,
  isSelectableArrival,
  isSelectableDeparture,
  parseMonth,
} from './calendar';
import { addDays, getDaysInMonth, getWeekday } from './dates';

const TODAY = '2026-07-15';
// Fridays and Mondays in July and August, as a park with fixed changeover days would offer.
const START_DATES = [
  '2026-07-10',
  '2026-07-17',
  '2026-07-20',
  '2026-07-24',
  '2026-08-03',
  '2027-12-31',
  '2028-01-31',
];
const END_DATES = ['2026-07-20', '2026-07-24', '2026-07-27', '2026-07-31', '2026-08-14', '2026-08-21'];

describe('months', () => {
  it('parses month keys', () => {
    expect(parseMonth('2026-07')).toBe('2026-07');
    for (const bad of ['2026-13', '2026-00', '2026-7', '2026-07-01', '', 'july'])
      expect(parseMonth(bad)).toBeNull();
  });

  it('adds months across years', () => {
    expect(addMonths('2026-07', 1)).toBe('2026-08');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-07', 18)).toBe('2028-01');
    expect(addMonths('2026-07', -19)).toBe('2024-12');
    expect(() => addMonths('2026-13', 1)).toThrow(RangeError);
  });

  it('offers arrivals to 18 months ahead and shows the month a four-week stay from the last bookable arrival ends in', () => {
    // The partner books arrivals up to 548 days ahead (14 January 2028); four weeks later is February.
    expect(getMonthOf(TODAY)).toBe('2026-07');
    expect(getMonthBounds(TODAY)).toEqual({ first: '2026-07', last: '2028-02' });
    expect(getLastBrowsableDate(TODAY)).toBe('2028-01-31');
    expect(getLastShownDate(TODAY)).toBe('2028-02-29');
    expect(canShowPreviousMonth('2026-07', TODAY)).toBe(false);
    expect(canShowPreviousMonth('2026-08', TODAY)).toBe(true);
    expect(canShowNextMonth('2028-01', TODAY)).toBe(true);
    expect(canShowNextMonth('2028-02', TODAY)).toBe(false);
    expect(clampMonth('2025-01', TODAY)).toBe('2026-07');
    expect(clampMonth('2030-01', TODAY)).toBe('2028-02');
    expect(clampMonth('2027-03', TODAY)).toBe('2027-03');
  });

  it('never lets navigation leave the bounds', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 60 }), (clicks) => {
        let month = getMonthOf(TODAY);
        for (const forward of clicks) {
          if (forward && canShowNextMonth(month, TODAY)) month = addMonths(month, 1);
          if (!forward && canShowPreviousMonth(month, TODAY)) month = addMonths(month, -1);
          expect(clampMonth(month, TODAY)).toBe(month);
        }
      }),
    );
  });
});

describe('isSelectableArrival', () => {
  const rules = { availableStartDates: START_DATES, today: TODAY };

  it('allows offered days from today on', () => {
    expect(isSelectableArrival('2026-07-17', rules)).toBe(true);
    expect(isSelectableArrival('2026-08-03', rules)).toBe(true);
    expect(isSelectableArrival('2028-01-31', rules)).toBe(true); // last browsable day
  });

  it('refuses past days even when the partner still lists them', () => {
    expect(isSelectableArrival('2026-07-10', rules)).toBe(false);
    expect(isSelectableArrival('2026-07-15', { ...rules, availableStartDates: ['2026-07-15'] })).toBe(true);
  });

  it('refuses days the partner does not offer, and invalid dates', () => {
    expect(isSelectableArrival('2026-07-18', rules)).toBe(false);
    expect(isSelectableArrival('2026-02-30', rules)).toBe(false);
    expect(isSelectableArrival('2026-07-17', { ...rules, availableStartDates: [] })).toBe(false);
  });

  it('refuses days beyond the browsable months', () => {
    expect(isSelectableArrival('2028-02-01', { ...rules, availableStartDates: ['2028-02-01'] })).toBe(false);
  });
});

describe('arrivals past the partner’s list', () => {
  // Fridays and Mondays up to Monday 3 August: the list of a partner that lists a horizon of weeks.
  const listed = START_DATES.slice(0, 5);
  const rules = { availableStartDates: listed, today: TODAY };

  it('finds where the list ends, in any order and skipping what is not a date', () => {
    expect(getLastListedArrival(listed)).toBe('2026-08-03');
    expect(getLastListedArrival(['2026-08-03', '2026-07-17', 'nonsense'])).toBe('2026-08-03');
    expect(getLastListedArrival([])).toBeUndefined();
  });

  it('may ask about a later day on a weekday the list has arrivals on', () => {
    expect(isArrivalToCheck('2026-08-07', rules)).toBe(true); // Friday
    expect(isArrivalToCheck('2026-08-10', rules)).toBe(true); // Monday
    expect(isArrivalToCheck('2027-06-25', rules)).toBe(true); // a Friday next summer
  });

  it('asks nothing about other weekdays, days within the list, or when the list is empty', () => {
    expect(isArrivalToCheck('2026-08-08', rules)).toBe(false); // Saturday
    expect(isArrivalToCheck('2026-07-31', rules)).toBe(false); // a Friday the list leaves out
    expect(isArrivalToCheck('2026-08-03', rules)).toBe(false); // the last listed day itself
    expect(isArrivalToCheck('2026-08-07', { ...rules, availableStartDates: [] })).toBe(false);
    expect(isArrivalToCheck('2026-02-30', rules)).toBe(false);
  });

  it('asks nothing past the partner’s booking horizon, 548 days ahead', () => {
    expect(isArrivalToCheck('2028-01-14', rules)).toBe(true); // a Friday, the last bookable arrival
    expect(isArrivalToCheck('2028-01-17', rules)).toBe(false); // the Monday after it
    expect(isArrivalToCheck('2028-01-31', rules)).toBe(false); // a Monday still in the browsable months
  });

  it('tells whether a month holds such a day', () => {
    expect(hasArrivalsToCheck('2026-07', rules)).toBe(false);
    expect(hasArrivalsToCheck('2026-08', rules)).toBe(true);
    expect(hasArrivalsToCheck('2026-08', { ...rules, availableStartDates: [] })).toBe(false);
  });
});

describe('isSelectableDeparture', () => {
  const rules = { arrival: '2026-07-17', availableEndDates: END_DATES };

  it('allows offered days after the arrival, up to four weeks', () => {
    expect(isSelectableDeparture('2026-07-20', rules)).toBe(true);
    expect(isSelectableDeparture('2026-08-14', rules)).toBe(true); // 28 nights
    expect(isSelectableDeparture('2026-08-21', rules)).toBe(false); // 35 nights
  });

  it('refuses the arrival day itself, earlier days and days not offered', () => {
    expect(isSelectableDeparture('2026-07-17', { ...rules, availableEndDates: ['2026-07-17'] })).toBe(false);
    expect(isSelectableDeparture('2026-07-16', { ...rules, availableEndDates: ['2026-07-16'] })).toBe(false);
    expect(isSelectableDeparture('2026-07-21', rules)).toBe(false);
    expect(isSelectableDeparture('2026-07-20', { ...rules, arrival: 'soon' })).toBe(false);
  });
});

describe('buildMonthGrid', () => {
  it('lays out February 2026 from Monday 26 January', () => {
    const weeks = buildMonthGrid({ month: '2026-02', today: '2026-02-10' });
    expect(weeks).toHaveLength(5);
    expect(weeks[0]?.[0]).toMatchObject({ date: '2026-01-26', inMonth: false, disabled: true, weekday: 1 });
    expect(weeks[0]?.[6]).toMatchObject({
      date: '2026-02-01',
      day: 1,
      inMonth: true,
      disabled: false,
      weekday: 7,
    });
    expect(weeks[4]?.[6]).toMatchObject({ date: '2026-03-01', inMonth: false });
    expect(
      weeks
        .flat()
        .filter((d) => d.isToday)
        .map((d) => d.date),
    ).toEqual(['2026-02-10']);
  });

  it('needs only four rows for February 2021 unless fixed', () => {
    expect(buildMonthGrid({ month: '2021-02', today: TODAY })).toHaveLength(4);
    const fixed = buildMonthGrid({ month: '2021-02', today: TODAY, fixedWeeks: true });
    expect(fixed).toHaveLength(6);
    expect(fixed[5]?.[6]?.date).toBe('2021-03-14');
  });

  it('disables days by the given rule and marks the chosen range', () => {
    const rules = { availableStartDates: START_DATES, today: TODAY };
    const days = buildMonthGrid({
      month: '2026-07',
      today: TODAY,
      isDisabled: (date) => !isSelectableArrival(date, rules),
      range: { startDate: '2026-07-17', endDate: '2026-07-20' },
    }).flat();
    expect(days.filter((d) => !d.disabled).map((d) => d.date)).toEqual([
      '2026-07-17',
      '2026-07-20',
      '2026-07-24',
    ]);
    expect(days.filter((d) => d.isRangeStart || d.isRangeEnd || d.inRange).map((d) => d.date)).toEqual([
      '2026-07-17',
      '2026-07-18',
      '2026-07-19',
      '2026-07-20',
    ]);
    expect(days.find((d) => d.date === '2026-07-18')).toMatchObject({ inRange: true, isRangeStart: false });
  });

  it('covers every day of any month once, in order, Monday first', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2200 }),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        (year, month, fixedWeeks) => {
          const key = `${year}-${String(month).padStart(2, '0')}`;
          const weeks = buildMonthGrid({ month: key, today: TODAY, fixedWeeks });
          const days = weeks.flat();
          expect(weeks.every((week) => week.length === 7)).toBe(true);
          expect(weeks.length).toBeGreaterThanOrEqual(fixedWeeks ? 6 : 4);
          expect(weeks.length).toBeLessThanOrEqual(6);
          expect(getWeekday(days[0]?.date ?? '')).toBe(1);
          days.forEach((day, i) => {
            if (i > 0) expect(day.date).toBe(addDays(days[i - 1]?.date ?? '', 1));
          });
          const inMonth = days.filter((d) => d.inMonth);
          expect(inMonth).toHaveLength(getDaysInMonth(year, month));
          expect(inMonth[0]?.day).toBe(1);
          expect(days.filter((d) => !d.inMonth).every((d) => d.disabled)).toBe(true);
        },
      ),
    );
  });
});
