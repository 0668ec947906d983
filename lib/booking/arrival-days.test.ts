import { describe, expect, it } from 'vitest';
import { adviseArrivalDay } from './arrival-days';

// November 2026: the 2nd is a Monday, the 6th a Friday.
const MONDAYS_AND_FRIDAYS = [
  '2026-11-02',
  '2026-11-06',
  '2026-11-09',
  '2026-11-13',
  '2026-11-16',
  '2026-11-20',
];

describe('adviseArrivalDay', () => {
  it('names the weekdays the list has arrivals on around a day on another weekday, and its nearest arrivals', () => {
    expect(adviseArrivalDay('2026-11-11', MONDAYS_AND_FRIDAYS)).toEqual({
      weekdays: [1, 5],
      before: '2026-11-09',
      after: '2026-11-13',
    });
  });

  it('gives no advice for a day on a weekday the park takes: the house is booked then, not the weekday refused', () => {
    expect(adviseArrivalDay('2026-11-23', MONDAYS_AND_FRIDAYS)).toBeNull();
  });

  it('gives no advice where the list has arrivals on every weekday around the day', () => {
    const daily = Array.from({ length: 14 }, (_, i) => `2026-11-${String(i + 2).padStart(2, '0')}`);
    expect(
      adviseArrivalDay(
        '2026-11-20',
        daily.filter((d) => d !== '2026-11-10'),
      ),
    ).toBeNull();
  });

  it('reads the weekdays of the weeks around the day only, as a park’s arrival days change with the season', () => {
    // Fridays only in high summer, months after the Monday and Friday arrivals above.
    const summer = ['2027-07-02', '2027-07-09', '2027-07-16'];
    expect(adviseArrivalDay('2027-07-12', [...MONDAYS_AND_FRIDAYS, ...summer])).toEqual({
      weekdays: [5],
      before: '2027-07-09',
      after: '2027-07-16',
    });
  });

  it('gives no advice without arrivals around the day to judge by, and leaves out a side without arrivals', () => {
    expect(adviseArrivalDay('2027-03-10', MONDAYS_AND_FRIDAYS)).toBeNull();
    expect(adviseArrivalDay('2026-11-01', ['2026-11-02', '2026-11-06'])).toEqual({
      weekdays: [1, 5],
      after: '2026-11-02',
    });
  });
});
