import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/lib/i18n/locales';
import { COUNTRY_CODES, isCountryCode } from './countries';

describe('COUNTRY_CODES', () => {
  it('holds the 249 assigned ISO 3166-1 alpha-2 codes, each once, sorted', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect([...COUNTRY_CODES].sort()).toEqual([...COUNTRY_CODES]);
    expect(COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });

  it('has a localized name for every code in each site locale', () => {
    for (const locale of LOCALES) {
      const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
      for (const code of COUNTRY_CODES) expect(names.of(code), `${locale} ${code}`).toBeTruthy();
    }
  });

  it('leaves out reserved and withdrawn codes', () => {
    for (const code of ['UK', 'EU', 'XK', 'AN', 'YU', 'ZZ', 'nl', 'NLD', ''])
      expect(isCountryCode(code)).toBe(false);
    for (const code of ['NL', 'BE', 'DE', 'SS', 'BQ', 'CW', 'AX', 'AQ'])
      expect(isCountryCode(code)).toBe(true);
  });
});
