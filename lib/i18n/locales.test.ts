import { describe, expect, it } from 'vitest';
import { isLocale } from './locales';

describe('isLocale', () => {
  it('accepts the site locales only, spelled as in the URL', () => {
    expect(isLocale('de')).toBe(true);
    expect(isLocale('es')).toBe(false);
    expect(isLocale('NL')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});
