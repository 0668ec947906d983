import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PHONE_PLANS, isWrittenPhone, normalizePhone } from './phone';

describe('normalizePhone', () => {
  it.each([
    // International forms
    ['+31 20 123 4567', undefined, '+31201234567'],
    ['+31 (0)20 123 4567', undefined, '+31201234567'],
    ['+310201234567', undefined, '+31201234567'],
    ['0031 6 1234 5678', undefined, '+31612345678'],
    ['+32 2 555 12 12', 'NL', '+3225551212'],
    ['+49 (0)30 1234567', 'DE', '+49301234567'],
    ['+44 20 7946 0958', 'FR', '+442079460958'],
    ['+1 (212) 555-0123', 'NL', '+12125550123'],
    ['+39 06 6982 1234', 'IT', '+390669821234'],
    ['+81 3-1234-5678', undefined, '+81312345678'],
    ['+86 138 0013 8000', undefined, '+8613800138000'],
    ['+7 495 123-45-67', 'RU', '+74951234567'],
    ['+55 11 91234-5678', 'BR', '+5511912345678'],
    // National forms completed with the address country
    ['020-123 45 67', 'NL', '+31201234567'],
    ['06-12345678', 'NL', '+31612345678'],
    ['(020) 123.45.67', 'NL', '+31201234567'],
    ['02 555 12 12', 'BE', '+3225551212'],
    ['0470 12 34 56', 'BE', '+32470123456'],
    ['030 1234567', 'DE', '+49301234567'],
    ['030/1234567', 'DE', '+49301234567'],
    ['01 23 45 67 89', 'FR', '+33123456789'],
    ['020 7946 0958', 'GB', '+442079460958'],
    ['07700 900123', 'GB', '+447700900123'],
    ['621 123 456', 'LU', '+352621123456'],
    ['01 234 56 78', 'AT', '+4312345678'],
    ['044 668 18 00', 'CH', '+41446681800'],
    ['32 12 34 56', 'DK', '+4532123456'],
    ['(212) 555-0123', 'US', '+12125550123'],
    ['1 212 555 0123', 'US', '+12125550123'],
    ['416-555-0199', 'CA', '+14165550199'],
    ['06 6982 1234', 'IT', '+390669821234'],
    ['612 345 678', 'ES', '+34612345678'],
    ['\u00a0020 123 4567 ', 'NL', '+31201234567'],
  ])('%j (%s) → %s', (raw, country, expected) => {
    expect(normalizePhone(raw, country)).toBe(expected);
  });

  it.each<[string, string | undefined]>([
    ['', 'NL'],
    ['   ', 'NL'],
    ['abc', 'NL'],
    ['020 123 4567 ext. 12', 'NL'],
    ['+31 20 123 4567 <script>', 'NL'],
    ['+31 20 123 4567 x', undefined],
    ['+31\t20 123 4567', undefined],
    ['0201234567', undefined], // national without a country
    ['0201234567', 'BR'], // national for a country without a known plan
    ['201234567', 'NL'], // missing trunk 0: ambiguous
    ['000201234567', 'NL'], // calling code starting with 0
    ['+0 123 456 789', undefined],
    ['+31 2012', undefined], // too short
    ['+31 20 123 4567 8901 234', undefined], // more than 15 digits
    ['+31 20 +123 4567', undefined],
    ['555-0123', 'US'], // 7 digits is no full NANP number
    ['2 555 0123 999', 'US'], // 11 digits not starting with 1
    ['+٣١ ٢٠ ١٢٣ ٤٥٦٧', undefined], // non-ASCII digits
    ['１２３４５６７８９', 'NL'],
  ])('rejects %j (%s)', (raw, country) => {
    expect(normalizePhone(raw, country)).toBeNull();
  });

  it('covers the countries the site is sold in', () => {
    for (const country of ['NL', 'BE', 'DE', 'FR', 'GB', 'LU', 'AT', 'CH', 'DK', 'US']) {
      expect(PHONE_PLANS[country as keyof typeof PHONE_PLANS], country).toBeDefined();
    }
  });

  it('always yields + and 8 to 15 digits, and is idempotent', () => {
    const written = fc.stringMatching(/^(\+|00|0)?[\d .()/-]{4,24}$/);
    fc.assert(
      fc.property(written, fc.constantFrom(undefined, 'NL', 'BE', 'US', 'DK', 'IT'), (raw, country) => {
        const normalized = normalizePhone(raw, country);
        if (normalized === null) return;
        expect(normalized).toMatch(/^\+[1-9]\d{7,14}$/);
        expect(normalizePhone(normalized)).toBe(normalized);
        expect(isWrittenPhone(raw)).toBe(true);
      }),
    );
  });
});
