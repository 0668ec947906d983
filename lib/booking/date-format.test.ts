import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateRange, formatMonth, getWeekdayLabels } from './date-format';
import { countIntlFormatters } from './fixtures/intl-formatters';
import { formatMoney } from './money';

// ICU versions differ in their choice of space (no-break, thin, narrow no-break); compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ');

describe('formatDate', () => {
  it('writes the calendar day whatever the time zone of the machine', () => {
    // 1 July stays 1 July: the date is formatted in UTC, where it was built.
    expect(formatDate('2026-07-01', 'nl', 'long')).toBe('1 juli 2026');
    expect(formatDate('2026-07-01', 'en', 'long')).toBe('1 July 2026');
    expect(formatDate('2026-07-01', 'de', 'long')).toBe('1. Juli 2026');
    expect(formatDate('2026-07-01', 'fr', 'long')).toBe('1 juillet 2026');
  });

  it('offers the styles the pages use', () => {
    expect(formatDate('2026-07-01', 'nl', 'full')).toBe('woensdag 1 juli 2026');
    expect(formatDate('2026-07-01', 'nl', 'short')).toBe('01-07-2026');
    expect(formatDate('2026-07-01', 'nl')).toBe('1 jul 2026');
    expect(formatDate('2026-07-01', 'nl', 'compact')).toBe('wo 1 jul');
    expect(formatDate('2026-07-01', 'en', 'compact')).toBe('Wed 1 Jul');
  });

  it('handles the first and last days of the calendar', () => {
    expect(formatDate('0099-03-01', 'en', 'long')).toContain('99');
    expect(formatDate('9999-12-31', 'en', 'long')).toBe('31 December 9999');
  });

  it('returns an invalid date as it came instead of throwing', () => {
    expect(formatDate('2026-02-30', 'nl')).toBe('2026-02-30');
    expect(formatDateRange('soon', '2026-07-03', 'nl')).toBe('soon – 2026-07-03');
  });
});

describe('formatDateRange', () => {
  it('writes shared parts once', () => {
    expect(plain(formatDateRange('2026-07-01', '2026-07-08', 'nl'))).toBe('1–8 jul 2026');
    expect(plain(formatDateRange('2026-07-01', '2026-08-03', 'fr'))).toBe('1 juil. – 3 août 2026');
    expect(plain(formatDateRange('2026-12-28', '2027-01-04', 'en'))).toBe('28 Dec 2026 – 4 Jan 2027');
  });

  it('writes both dates when the range is reversed', () => {
    expect(plain(formatDateRange('2026-07-08', '2026-07-01', 'nl'))).toBe('8 jul 2026 – 1 jul 2026');
  });
});

describe('formatting the same date again', () => {
  it('writes a date or a range once and gives the same text after, without the formatter', () => {
    const range = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatRange');
    // `format` is a getter handing out a bound function: count how often it is taken.
    const prototype = Intl.DateTimeFormat.prototype as unknown as { readonly format: unknown };
    const single = vi.spyOn(prototype, 'format', 'get');
    try {
      const text = formatDateRange('2031-03-02', '2031-03-09', 'nl', 'long');
      const day = formatDate('2031-03-02', 'fr', 'full');
      for (let i = 0; i < 3; i++) {
        expect(formatDateRange('2031-03-02', '2031-03-09', 'nl', 'long')).toBe(text);
        expect(formatDate('2031-03-02', 'fr', 'full')).toBe(day);
      }
      expect(range).toHaveBeenCalledTimes(1);
      expect(single).toHaveBeenCalledTimes(1);
      // Another style or locale is another text.
      expect(formatDateRange('2031-03-02', '2031-03-09', 'en', 'long')).not.toBe(text);
    } finally {
      range.mockRestore();
      single.mockRestore();
    }
  });
});

describe('picker labels', () => {
  it('names months and weekdays, Monday first', () => {
    expect(formatMonth('2026-07', 'nl')).toBe('juli 2026');
    expect(formatMonth('2026-07', 'de')).toBe('Juli 2026');
    expect(formatMonth('2026-13', 'de')).toBe('2026-13');
    expect(getWeekdayLabels('en')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(getWeekdayLabels('nl', 'long')[0]).toBe('maandag');
    expect(getWeekdayLabels('fr', 'narrow')).toHaveLength(7);
  });
});

describe('dates the server formatted for a page', () => {
  async function freshModule() {
    vi.resetModules();
    return import('./date-format');
  }

  it('recordFormatted returns every date formatted while it runs, and only those', async () => {
    const dates = await freshModule();
    dates.formatDate('2027-01-01', 'en');
    const texts = dates.recordFormatted(() => {
      formatMoney(1234.5, 'fr');
      dates.formatDateRange('2027-01-10', '2027-01-17', 'fr', 'medium');
      dates.formatDate('2027-02-01', 'fr', 'compact');
    });
    expect(Object.values(texts).sort()).toEqual(
      [
        dates.formatDateRange('2027-01-10', '2027-01-17', 'fr', 'medium'),
        dates.formatDate('2027-02-01', 'fr', 'compact'),
      ].sort(),
    );
  });

  it('in the browser, a seeded date is written as it came, without building a formatter', async () => {
    const server = await freshModule();
    const texts = server.recordFormatted(() => server.formatDate('2027-03-01', 'de', 'full'));
    const expected = server.formatDate('2027-03-01', 'de', 'full');
    const browser = await freshModule();
    vi.stubGlobal('window', globalThis);
    try {
      browser.seedFormatted(texts);
      expect(countIntlFormatters(() => expect(browser.formatDate('2027-03-01', 'de', 'full')).toBe(expected))).toEqual([]);
      // What was not handed over is formatted as usual.
      expect(countIntlFormatters(() => expect(browser.formatDate('2027-03-02', 'de', 'full')).toMatch(/2027/))).toEqual([
        'DateTimeFormat',
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('on the server, seeding does nothing: one process serves every page', async () => {
    const dates = await freshModule();
    dates.seedFormatted({ 'date:en:medium:2027-01-01': 'New Year' });
    expect(dates.formatDate('2027-01-01', 'en')).not.toBe('New Year');
  });
});
