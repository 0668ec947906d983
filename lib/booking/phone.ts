/**
 * Phone numbers to E.164 form (`+31201234567`). Guests type numbers the way they are written at
 * home ("020-123 45 67", "(0)6 12345678", "0049 30 1234567"); the partner and the reception need
 * one unambiguous form, so a national number is completed with the address country's code.
 */
import type { CountryCode } from './countries';

/**
 * How a country writes national numbers: `zero` drops a trunk 0 before the country code
 * ("020…" → "+3120…"), `as-is` keeps every digit (Italy keeps its 0; Denmark has no trunk
 * prefix), `nanp` is the North American plan (10 digits, optional leading 1).
 */
export interface PhonePlan {
  callingCode: string;
  trunk: 'zero' | 'as-is' | 'nanp';
}

export const PHONE_PLANS: Partial<Record<CountryCode, PhonePlan>> = {
  NL: { callingCode: '31', trunk: 'zero' },
  BE: { callingCode: '32', trunk: 'zero' },
  DE: { callingCode: '49', trunk: 'zero' },
  FR: { callingCode: '33', trunk: 'zero' },
  GB: { callingCode: '44', trunk: 'zero' },
  AT: { callingCode: '43', trunk: 'zero' },
  CH: { callingCode: '41', trunk: 'zero' },
  IE: { callingCode: '353', trunk: 'zero' },
  SE: { callingCode: '46', trunk: 'zero' },
  FI: { callingCode: '358', trunk: 'zero' },
  SK: { callingCode: '421', trunk: 'zero' },
  SI: { callingCode: '386', trunk: 'zero' },
  HR: { callingCode: '385', trunk: 'zero' },
  TR: { callingCode: '90', trunk: 'zero' },
  IL: { callingCode: '972', trunk: 'zero' },
  JP: { callingCode: '81', trunk: 'zero' },
  AU: { callingCode: '61', trunk: 'zero' },
  NZ: { callingCode: '64', trunk: 'zero' },
  ZA: { callingCode: '27', trunk: 'zero' },
  LU: { callingCode: '352', trunk: 'as-is' },
  DK: { callingCode: '45', trunk: 'as-is' },
  NO: { callingCode: '47', trunk: 'as-is' },
  IT: { callingCode: '39', trunk: 'as-is' },
  ES: { callingCode: '34', trunk: 'as-is' },
  PT: { callingCode: '351', trunk: 'as-is' },
  PL: { callingCode: '48', trunk: 'as-is' },
  CZ: { callingCode: '420', trunk: 'as-is' },
  GR: { callingCode: '30', trunk: 'as-is' },
  LI: { callingCode: '423', trunk: 'as-is' },
  MC: { callingCode: '377', trunk: 'as-is' },
  US: { callingCode: '1', trunk: 'nanp' },
  CA: { callingCode: '1', trunk: 'nanp' },
};

/** Calling codes after which a 0 can only be a trunk prefix written by mistake ("+31 020…"). */
const ZERO_TRUNK_CODES = [
  ...new Set(
    Object.values(PHONE_PLANS)
      .filter((plan) => plan.trunk === 'zero')
      .map((plan) => plan.callingCode),
  ),
];

export const MIN_PHONE_DIGITS = 8;
export const MAX_PHONE_DIGITS = 15; // E.164

/** Separators people use between digit groups. */
const WRITTEN_PHONE = /^\+?[\d \u00a0().\-/]+$/;

/**
 * Whether the text is written like a phone number (allowed characters, a plausible number of
 * digits), before knowing the country that completes a national number.
 */
export function isWrittenPhone(raw: string): boolean {
  const text = raw.trim();
  const digits = text.replace(/\D/g, '').length;
  return (
    text.length <= 32 &&
    WRITTEN_PHONE.test(text) &&
    digits >= MIN_PHONE_DIGITS - 2 &&
    digits <= MAX_PHONE_DIGITS + 2
  );
}

function toInternationalDigits(text: string, country: string | undefined): string | null {
  if (text.startsWith('+') || text.startsWith('00')) {
    // "+31 (0)20…" spells out the trunk 0 that callers from abroad must leave out.
    const digits = text.replace(/\(0\)/g, '').replace(/\D/g, '');
    return text.startsWith('+') ? digits : digits.slice(2);
  }
  const digits = text.replace(/\D/g, '');
  const plan = country === undefined ? undefined : PHONE_PLANS[country as CountryCode];
  if (!plan) return null; // without a known plan a national number is ambiguous
  switch (plan.trunk) {
    case 'zero':
      return digits.startsWith('0') && !digits.startsWith('00') ? plan.callingCode + digits.slice(1) : null;
    case 'as-is':
      return plan.callingCode + digits;
    case 'nanp':
      if (digits.length === 11 && digits.startsWith('1')) return digits;
      return digits.length === 10 ? plan.callingCode + digits : null;
  }
}

/**
 * `+` and 8–15 digits, or null when the text is not a phone number or a national number cannot
 * be completed for `country`.
 */
export function normalizePhone(raw: string, country?: string): string | null {
  const text = raw.trim();
  if (text === '' || text.length > 32 || !WRITTEN_PHONE.test(text)) return null;
  let digits = toInternationalDigits(text, country);
  if (digits === null || digits.startsWith('0')) return null; // no calling code starts with 0
  const zeroCode = ZERO_TRUNK_CODES.find((code) => digits?.startsWith(`${code}0`));
  if (zeroCode) digits = zeroCode + digits.slice(zeroCode.length + 1);
  if (digits.length < MIN_PHONE_DIGITS || digits.length > MAX_PHONE_DIGITS) return null;
  return `+${digits}`;
}
