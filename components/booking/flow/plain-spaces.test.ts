import { describe, expect, it } from 'vitest';
import { formatDateRange } from '@/lib/booking/date-format';
import { formatMoney } from '@/lib/booking/money';
import { plainSpaces } from './plain-spaces';

describe('plainSpaces', () => {
  it('leaves no breakable space inside an amount of the booking flow (fr: 1 234,50 €)', () => {
    const shown = plainSpaces(formatMoney(1234.5, 'fr'));
    expect(shown).toBe('1\u00a0234,50\u00a0€');
    expect(shown).not.toMatch(/[\u0020\u2009]/);
  });

  it.each(['nl', 'en', 'de', 'fr'] as const)(
    'writes a %s amount in the booking flow exactly as the search and house pages do',
    (locale) => {
      for (const amount of [4.25, 1234.5, -15, 1234567.89]) {
        expect(plainSpaces(formatMoney(amount, locale))).toBe(formatMoney(amount, locale));
      }
    },
  );

  it('keeps narrow no-break spaces unbreakable and lets a date range break at its dash', () => {
    expect(plainSpaces('1\u202f234')).toBe('1\u00a0234');
    expect(plainSpaces('1\u2009–\u20098 jul')).toBe('1 – 8 jul');
    expect(plainSpaces(formatDateRange('2026-07-01', '2026-08-03', 'en'))).not.toMatch(/[\u2009\u202f]/);
  });
});
