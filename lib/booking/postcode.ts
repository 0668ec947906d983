/**
 * Postcodes: a loose shape for every country, and the exact format where a country has a
 * simple, stable one. Matching codes are rewritten to the country's usual spelling
 * ("1234ab" → "1234 AB") so the partner's reception gets them as a local would write them.
 */
import type { CountryCode } from './countries';

interface PostcodeRule {
  pattern: RegExp;
  /** Builds the usual spelling from the pattern's groups; the cleaned input when absent. */
  format?: (groups: readonly string[]) => string;
}

const joinWithSpace = (groups: readonly string[]) => `${groups[1]} ${groups[2]}`;
const joinWithDash = (groups: readonly string[]) => `${groups[1]}-${groups[2]}`;
const takeFirstGroup = (groups: readonly string[]) => groups[1] ?? '';

const FOUR_DIGITS: PostcodeRule = { pattern: /^[1-9]\d{3}$/ };
const FIVE_DIGITS: PostcodeRule = { pattern: /^\d{5}$/ };
const THREE_TWO: PostcodeRule = { pattern: /^(\d{3}) ?(\d{2})$/, format: joinWithSpace };

export const POSTCODE_RULES: Partial<Record<CountryCode, PostcodeRule>> = {
  // 1000–9999 and two letters; SA, SD and SS are never issued.
  NL: { pattern: /^([1-9]\d{3}) ?((?!SA|SD|SS)[A-Z]{2})$/, format: joinWithSpace },
  BE: FOUR_DIGITS,
  AT: FOUR_DIGITS,
  CH: FOUR_DIGITS,
  LI: FOUR_DIGITS,
  DK: { pattern: /^(?:DK-?)?([1-9]\d{3})$/, format: takeFirstGroup },
  LU: { pattern: /^(?:L-?)?(\d{4})$/, format: takeFirstGroup },
  NO: { pattern: /^\d{4}$/ },
  DE: { pattern: /^(?!00)\d{5}$/ },
  // Metropolitan 01–95, overseas 97, Monaco 980.
  FR: { pattern: /^(?:0[1-9]|[1-8]\d|9[0-57-8])\d{3}$/ },
  IT: FIVE_DIGITS,
  FI: FIVE_DIGITS,
  ES: { pattern: /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/ },
  SE: THREE_TWO,
  CZ: THREE_TWO,
  SK: THREE_TWO,
  GR: THREE_TWO,
  PL: { pattern: /^(\d{2})-?(\d{3})$/, format: joinWithDash },
  PT: { pattern: /^(\d{4})-?(\d{3})$/, format: joinWithDash },
  GB: {
    pattern: /^(GIR|[A-PR-UWYZ](?:\d[A-HJKPSTUW\d]?|[A-HK-Y]\d[ABEHMNPRVWXY\d]?)) ?(\d[ABD-HJLNP-UW-Z]{2})$/,
    format: joinWithSpace,
  },
  IE: { pattern: /^([AC-FHKNPRTV-Y]\d{2}|D6W) ?([\dAC-FHKNPRTV-Y]{4})$/, format: joinWithSpace },
  US: {
    pattern: /^(\d{5})(?:-?(\d{4}))?$/,
    format: (groups) => (groups[2] ? `${groups[1]}-${groups[2]}` : (groups[1] ?? '')),
  },
  CA: {
    pattern: /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]) ?(\d[ABCEGHJ-NPRSTV-Z]\d)$/,
    format: joinWithSpace,
  },
};

/** 2–10 letters, digits, spaces or dashes, starting and ending with a letter or digit. */
const ANY_POSTCODE = /^[A-Z\d][A-Z\d -]{0,8}[A-Z\d]$/;

/** The postcode in its usual spelling, or null when it cannot be one for `country`. */
export function normalizePostcode(raw: string, country?: string): string | null {
  const text = raw.trim().toUpperCase().replace(/ {2,}/g, ' ');
  if (!ANY_POSTCODE.test(text)) return null;
  const rule = country === undefined ? undefined : POSTCODE_RULES[country as CountryCode];
  if (!rule) return text;
  const match = rule.pattern.exec(text);
  if (!match) return null;
  return rule.format ? rule.format(match) : text;
}
