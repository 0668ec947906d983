import { describe, expect, it } from 'vitest';
import { getMonthLabels } from './month-labels';
import { formatDate, formatMonth, getWeekdayLabels } from './date-format';

describe('getMonthLabels', () => {
  it('writes every day of the month in full, the heading and the weekdays, as the calendar would', () => {
    const labels = getMonthLabels('2028-02', 'nl');
    expect(labels.month).toBe('2028-02');
    expect(Object.keys(labels.days)).toHaveLength(29);
    expect(labels.days['2028-02-29']).toBe(formatDate('2028-02-29', 'nl', 'full'));
    expect(labels.title).toBe(formatMonth('2028-02', 'nl'));
    expect(labels.weekdays.short).toEqual(getWeekdayLabels('nl', 'short'));
    expect(labels.weekdays.long).toEqual(getWeekdayLabels('nl', 'long'));
  });
});
