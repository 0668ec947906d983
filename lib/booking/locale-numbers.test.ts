import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/lib/i18n/locales';
import { writeEuros, writeNumber, writePercent } from './locale-numbers';

const INTL_LOCALE = { nl: 'nl-NL', en: 'en-GB', de: 'de-DE', fr: 'fr-FR' } as const;
// ICU writes plain, thin or narrow no-break spaces depending on its version; the site writes one.
const oneSpace = (text: string) => text.replace(/[\u0020\u2009\u202f]/g, '\u00a0');

/** Amounts a price list holds, and the ones where rounding or grouping could go wrong. */
const VALUES = [
  0, -0, 1, -1, 0.5, 0.004, 0.005, -0.005, 0.015, 1.005, 1.045, 2.675, 8.345, 10.235, 12.5, 99.995, 99.994,
  289, 289.5, 999.995, 1000, 1234.5, -1234.5, 9999.999, 12345.678, 123456.7891, 1234567.891, 1e6, 1e21,
  1.5e22, 1e-7, -3e-8, 0.1 + 0.2, 33.333333, 2 / 3, -2 / 3, 57.5, 100, 0.07, 1.115, NaN, Infinity, -Infinity,
];
// And a few hundred more, the same on every run: cents, fractions and large sums.
let seed = 7;
const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
for (let i = 0; i < 300; i++) {
  VALUES.push(Math.round(next() * 500000) / 100, (next() - 0.5) * 10 ** Math.floor(next() * 9), Math.floor(next() * 1e4) / 1000);
}

describe('numbers written without Intl read exactly as Intl writes them', () => {
  it.each(LOCALES)('euro amounts in %s, with and without whole cents', (locale) => {
    const cents = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'EUR' });
    const whole = new Intl.NumberFormat(INTL_LOCALE[locale], {
      style: 'currency',
      currency: 'EUR',
      trailingZeroDisplay: 'stripIfInteger',
    });
    for (const value of VALUES) {
      expect([value, writeEuros(value, locale)]).toEqual([value, oneSpace(cents.format(value))]);
      expect([value, writeEuros(value, locale, true)]).toEqual([value, oneSpace(whole.format(value))]);
    }
  });

  it.each(LOCALES)('plain numbers in %s', (locale) => {
    const plain = new Intl.NumberFormat(INTL_LOCALE[locale]);
    for (const value of VALUES) expect([value, writeNumber(value, locale)]).toEqual([value, oneSpace(plain.format(value))]);
  });

  it.each(LOCALES)('percentages of a fraction in %s', (locale) => {
    const percent = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'percent', maximumFractionDigits: 2 });
    for (const value of VALUES) {
      for (const fraction of [value, value / 100]) {
        expect([fraction, writePercent(fraction, locale)]).toEqual([fraction, oneSpace(percent.format(fraction))]);
      }
    }
  });

  it('rounds the decimal a price is written as, half away from zero', () => {
    expect(writeEuros(1.005, 'en')).toBe('€1.01');
    expect(writeEuros(-0.005, 'en')).toBe('-€0.01');
    expect(writeEuros(999.995, 'de')).toBe('1.000,00\u00a0€');
    expect(writeEuros(999.995, 'de', true)).toBe('1.000\u00a0€');
  });
});
