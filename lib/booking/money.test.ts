import { describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatDateRange,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
  getWeekdayLabels,
} from './money';

// ICU versions differ in their choice of space (no-break, thin, narrow no-break); compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ');

describe('formatMoney', () => {
  it.each([
    ['nl', '€ 1.234,50'],
    ['en', '€1,234.50'],
    ['de', '1.234,50 €'],
    ['fr', '1 234,50 €'],
  ] as const)('writes euros the %s way', (locale, expected) => {
    expect(plain(formatMoney(1234.5, locale))).toBe(expected);
  });

  it('shows cents always unless asked to hide whole ones', () => {
    expect(plain(formatMoney(289, 'nl'))).toBe('€ 289,00');
    expect(plain(formatMoney(289, 'nl', { hideZeroCents: true }))).toBe('€ 289');
    expect(plain(formatMoney(289.5, 'nl', { hideZeroCents: true }))).toBe('€ 289,50');
  });

  it('shows discounts as negative amounts', () => {
    expect(plain(formatMoney(-15, 'de'))).toBe('-15,00 €');
    expect(plain(formatMoney(-15, 'en'))).toMatch(/^-€15\.00$/);
  });
});

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

describe('amounts on one line', () => {
  const LOCALES = ['nl', 'en', 'de', 'fr'] as const;

  it('writes French thousands and the euro sign with no-break spaces: "1 234,50 €" never breaks', () => {
    expect(formatMoney(1234.5, 'fr')).toBe('1\u00a0234,50\u00a0€');
    expect(formatMoney(-1234567.5, 'fr')).toBe('-1\u00a0234\u00a0567,50\u00a0€');
  });

  it.each(LOCALES)('has no breakable or engine-dependent space in a %s amount', (locale) => {
    for (const amount of [0, 4.25, 1234.5, -15, 1234567.89]) {
      expect(formatMoney(amount, locale)).not.toMatch(/[\u0020\u2009\u202f]/);
      expect(formatMoney(amount, locale, { hideZeroCents: true })).not.toMatch(/[\u0020\u2009\u202f]/);
    }
  });

  it.each(LOCALES)('writes %s counts and percentages on one line too', (locale) => {
    expect(formatNumber(1234567, locale)).not.toMatch(/[\u0020\u2009\u202f]/);
    expect(formatPercent(-12.5, locale)).not.toMatch(/[\u0020\u2009\u202f]/);
  });
});

describe('dates the server formatted for a page', () => {
  async function freshModule() {
    vi.resetModules();
    return import('./money');
  }

  /** Runs `run` counting the Intl number and date formatters it builds. */
  function countingFormatters(run: () => void): string[] {
    const built: string[] = [];
    const intl = Intl as unknown as Record<string, unknown>;
    const originals = { NumberFormat: Intl.NumberFormat, DateTimeFormat: Intl.DateTimeFormat };
    for (const [name, original] of Object.entries(originals)) {
      intl[name] = new Proxy(original, {
        construct(target, args) {
          built.push(name);
          return Reflect.construct(target, args) as object;
        },
      });
    }
    try {
      run();
    } finally {
      Object.assign(intl, originals);
    }
    return built;
  }

  it('recordFormatted returns every date formatted while it runs, and only those', async () => {
    const money = await freshModule();
    money.formatDate('2027-01-01', 'en');
    const texts = money.recordFormatted(() => {
      money.formatMoney(1234.5, 'fr');
      money.formatDateRange('2027-01-10', '2027-01-17', 'fr', 'medium');
      money.formatDate('2027-02-01', 'fr', 'compact');
    });
    expect(Object.values(texts).sort()).toEqual(
      [
        money.formatDateRange('2027-01-10', '2027-01-17', 'fr', 'medium'),
        money.formatDate('2027-02-01', 'fr', 'compact'),
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
      expect(countingFormatters(() => expect(browser.formatDate('2027-03-01', 'de', 'full')).toBe(expected))).toEqual([]);
      // What was not handed over is formatted as usual.
      expect(countingFormatters(() => expect(browser.formatDate('2027-03-02', 'de', 'full')).toMatch(/2027/))).toEqual([
        'DateTimeFormat',
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('writes amounts, counts and percentages without building an Intl formatter, which costs a phone tens of milliseconds', async () => {
    const money = await freshModule();
    const built = countingFormatters(() => {
      for (const locale of ['nl', 'en', 'de', 'fr'] as const) {
        money.formatMoney(1234.5, locale);
        money.formatMoney(289, locale, { hideZeroCents: true });
        money.formatNumber(3, locale);
        money.formatPercent(-10, locale);
      }
    });
    expect(built).toEqual([]);
  });

  it('on the server, seeding does nothing: one process serves every page', async () => {
    const money = await freshModule();
    money.seedFormatted({ 'date:en:medium:2027-01-01': 'New Year' });
    expect(money.formatDate('2027-01-01', 'en')).not.toBe('New Year');
  });
});
