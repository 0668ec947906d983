import { describe, expect, it, vi } from 'vitest';
import { countIntlFormatters } from './fixtures/intl-formatters';
import { formatMoney, formatNumber, formatPercent } from './money';

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

  it('writes amounts, counts and percentages without building an Intl formatter, which costs a phone tens of milliseconds', async () => {
    vi.resetModules();
    const money = await import('./money');
    const built = countIntlFormatters(() => {
      for (const locale of ['nl', 'en', 'de', 'fr'] as const) {
        money.formatMoney(1234.5, locale);
        money.formatMoney(289, locale, { hideZeroCents: true });
        money.formatNumber(3, locale);
        money.formatPercent(-10, locale);
      }
    });
    expect(built).toEqual([]);
  });
});
