/**
 * The guest-data form: one zod schema for react-hook-form in the browser and for the server's
 * re-check before pre-register (security checklist item 24). Messages are i18n keys. Valid input
 * comes out normalized: trimmed, NFC, phones in E.164, postcodes in the country's spelling.
 */
import { z } from 'zod';
import type { BookingModel, PartnerLanguage } from '@/lib/partner-api/schemas';
import { isCountryCode } from './countries';
import { LOCALES } from './money';
import { isWrittenPhone, normalizePhone } from './phone';
import { normalizePostcode } from './postcode';

export const GUEST_ERROR_KEYS = [
  'guest.errors.required',
  'guest.errors.too_long',
  'guest.errors.name_chars',
  'guest.errors.street_chars',
  'guest.errors.house_number',
  'guest.errors.postcode',
  'guest.errors.country',
  'guest.errors.email',
  'guest.errors.phone',
  'guest.errors.language',
  'guest.errors.unknown_field',
  'guest.errors.invalid',
] as const;
export type GuestErrorKey = (typeof GUEST_ERROR_KEYS)[number];

const key = <K extends GuestErrorKey>(k: K) => k;

export const NAME_MAX = 60;
/** Dutch name particles ("van der", "in 't"); the partner stores at most 50 characters. */
export const INSERTION_MAX = 20;
export const STREET_MAX = 100;
export const CITY_MAX = 60;
export const HOUSE_NUMBER_MAX = 10;
export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_MAX = 63;

// Letters and combining marks of any script, plus the punctuation real names use. Digits,
// symbols, emoji, angle brackets and control characters fall outside these sets.
const NAME_CHARS = /^[\p{L}\p{M}' ’.-]+$/u;
// "2e Hugo de Grootstraat", "Rue du 8 Mai 1945": street names carry digits.
const STREET_CHARS = /^[\p{L}\p{M}\d' ’.-]+$/u;
// "Frankfurt (Oder)", "Halle (Saale)".
const CITY_CHARS = /^[\p{L}\p{M}' ’.()-]+$/u;
const HAS_LETTER = /\p{L}/u;
// "12a", "12-3", "4 bis"; a separator always sits between two parts, so matching stays linear.
const HOUSE_NUMBER = /^\d+[\p{L}\d]*(?:[ /-][\p{L}\d]+)*$/u;
const EMAIL_ATOM = "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const EMAIL_LOCAL = new RegExp(`^${EMAIL_ATOM}(?:\\.${EMAIL_ATOM})*$`, 'u');
// No lookbehind: Safari before 16.4 cannot parse it, and this module loads on phones.
const DOMAIN_LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u;
const TOP_LEVEL_DOMAIN = /^(?:[\p{L}\p{M}]{2,63}|xn--[a-z\d-]{1,59})$/iu;

/** NFC so "Zoë" typed or pasted compares and counts the same; pasted no-break spaces become spaces. */
function normalizeText(value: string): string {
  return value
    .normalize('NFC')
    .replace(/\u00a0/g, ' ')
    .trim()
    .replace(/ {2,}/g, ' ');
}

/**
 * A string field that reports at most one key: the first problem `findProblem` names. (zod's
 * `abort` would do that too, but an aborted field would also stop the cross-field checks below.)
 */
function checkedString(
  normalize: (value: string) => string,
  findProblem: (value: string) => GuestErrorKey | null,
) {
  return z
    .string({ error: key('guest.errors.required') })
    .overwrite(normalize)
    .superRefine((value, ctx) => {
      const problem = value === '' ? key('guest.errors.required') : findProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

function textField(max: number, chars: RegExp, charsKey: GuestErrorKey) {
  return checkedString(normalizeText, (value) => {
    if (value.length > max) return key('guest.errors.too_long');
    return chars.test(value) && HAS_LETTER.test(value) ? null : charsKey;
  });
}

/** An empty optional field is "not given", not an error. */
function optional<T extends z.ZodType<string, string>>(field: T) {
  return z
    .string({ error: key('guest.errors.invalid') })
    .overwrite(normalizeText)
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(field.optional());
}

export function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  const tld = labels.at(-1) ?? '';
  return (
    at > 0 &&
    value.length <= EMAIL_MAX &&
    local.length <= EMAIL_LOCAL_MAX &&
    EMAIL_LOCAL.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    TOP_LEVEL_DOMAIN.test(tld)
  );
}

/** Domains are case-insensitive; one spelling keeps duplicates recognizable. */
function normalizeEmail(value: string): string {
  const text = value.normalize('NFC').trim();
  const at = text.lastIndexOf('@');
  return at < 0 ? text : `${text.slice(0, at)}@${text.slice(at + 1).toLowerCase()}`;
}

const email = checkedString(normalizeEmail, (value) => {
  if (value.length > EMAIL_MAX) return key('guest.errors.too_long');
  return isEmailAddress(value) ? null : key('guest.errors.email');
});

/** The shape only; whether the number completes for the country is a cross-field check below. */
const phone = checkedString(
  (value) => value.trim(),
  (value) => (isWrittenPhone(value) ? null : key('guest.errors.phone')),
);

const GuestFieldsSchema = z.strictObject(
  {
    firstName: textField(NAME_MAX, NAME_CHARS, 'guest.errors.name_chars'),
    insertion: optional(textField(INSERTION_MAX, NAME_CHARS, 'guest.errors.name_chars')),
    lastName: textField(NAME_MAX, NAME_CHARS, 'guest.errors.name_chars'),
    street: textField(STREET_MAX, STREET_CHARS, 'guest.errors.street_chars'),
    houseNumber: checkedString(normalizeText, (value) => {
      if (value.length > HOUSE_NUMBER_MAX) return key('guest.errors.too_long');
      return HOUSE_NUMBER.test(value) ? null : key('guest.errors.house_number');
    }),
    postcode: checkedString(normalizeText, (value) =>
      normalizePostcode(value) === null ? key('guest.errors.postcode') : null,
    ),
    city: textField(CITY_MAX, CITY_CHARS, 'guest.errors.name_chars'),
    country: z
      .string({ error: key('guest.errors.required') })
      .overwrite((value) => value.trim().toUpperCase())
      .refine(isCountryCode, {
        error: (issue) => (issue.input === '' ? key('guest.errors.required') : key('guest.errors.country')),
      }),
    email,
    phone,
    mobile: optional(phone),
    language: z.enum(LOCALES, { error: key('guest.errors.language') }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? key('guest.errors.unknown_field') : key('guest.errors.invalid'),
  },
);

/** The guest fields in form order (the schema's own order), for storage and focus order. */
export const GUEST_FIELDS = GuestFieldsSchema.keyof().options;

/**
 * The full schema: fields, then the rules that need the country (national phone numbers,
 * country postcode formats). They run even while other fields are still wrong, so the guest
 * sees every problem at once, but not on a field that already has its own error.
 */
export const GuestSchema = GuestFieldsSchema.superRefine(
  (guest, ctx) => {
    const hasIssue = (field: string) => ctx.issues.some((issue) => issue.path?.[0] === field);
    if (!isCountryCode(guest.country) || hasIssue('country')) return;
    for (const field of ['phone', 'mobile'] as const) {
      const value = guest[field];
      if (typeof value === 'string' && !hasIssue(field) && normalizePhone(value, guest.country) === null) {
        ctx.addIssue({ code: 'custom', path: [field], message: key('guest.errors.phone') });
      }
    }
    if (
      typeof guest.postcode === 'string' &&
      !hasIssue('postcode') &&
      normalizePostcode(guest.postcode, guest.country) === null
    ) {
      ctx.addIssue({ code: 'custom', path: ['postcode'], message: key('guest.errors.postcode') });
    }
  },
  // Run despite other fields' errors, but only on an object: a null body must give an issue, not a crash.
  {
    when: (payload) =>
      typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
  },
).transform((guest) => ({
  ...guest,
  postcode: normalizePostcode(guest.postcode, guest.country) ?? guest.postcode,
  phone: normalizePhone(guest.phone, guest.country) ?? guest.phone,
  mobile:
    guest.mobile === undefined ? undefined : (normalizePhone(guest.mobile, guest.country) ?? guest.mobile),
}));

export type GuestInput = z.input<typeof GuestSchema>;
export type Guest = z.output<typeof GuestSchema>;
export type GuestField = keyof GuestInput;

export type GuestBookingFields = Required<
  Pick<
    BookingModel,
    | 'firstname'
    | 'insertion'
    | 'lastName'
    | 'address'
    | 'houseNr'
    | 'zipCode'
    | 'city'
    | 'countryCode'
    | 'email'
    | 'phoneNumber'
    | 'mobilePhone'
    | 'language'
  >
>;

/** A validated guest under the partner BookingModel's field names. */
export function toBookingModelGuest(guest: Guest): GuestBookingFields {
  return {
    firstname: guest.firstName,
    insertion: guest.insertion ?? null,
    lastName: guest.lastName,
    address: guest.street,
    houseNr: guest.houseNumber,
    zipCode: guest.postcode,
    city: guest.city,
    countryCode: guest.country,
    email: guest.email,
    phoneNumber: guest.phone,
    mobilePhone: guest.mobile ?? null,
    language: guest.language.toUpperCase() as PartnerLanguage,
  };
}
