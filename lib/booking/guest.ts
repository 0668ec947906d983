/**
 * The guest-data form: one zod schema for react-hook-form in the browser and for the server's
 * re-check before pre-register, so a hand-made request meets the same rules as the form. Messages
 * are i18n keys. Valid input comes out normalized: trimmed, NFC, phones in E.164, postcodes in the
 * country's spelling. lib/partner-api maps a valid guest to the partner's field names. The
 * fields, their limits and message keys are in guest-fields.ts, for code that needs no schema.
 */
import { lazySchema, z } from '@/lib/validation/zod-browser';
import { LOCALES } from '@/lib/i18n/locales';
import { isCountryCode } from './countries';
import { isWrittenPhone, normalizePhone } from './phone';
import { normalizePostcode } from './postcode';
import {
  CITY_MAX,
  EMAIL_LOCAL_MAX,
  EMAIL_MAX,
  HOUSE_NUMBER_MAX,
  INSERTION_MAX,
  NAME_MAX,
  STREET_MAX,
  type GuestErrorKey,
  type GuestField,
} from './guest-fields';

export * from './guest-fields';

const key = <K extends GuestErrorKey>(k: K) => k;

// The viramas (the signs that kill a consonant's vowel in Indic and related scripts).
const VIRAMAS =
  '\\u094D\\u09CD\\u0A4D\\u0ACD\\u0B4D\\u0BCD\\u0C4D\\u0CCD\\u0D3B-\\u0D3C\\u0D4D\\u0DCA\\u0E3A\\u0EBA\\u0F84\\u1039-\\u103A' +
  '\\u1714-\\u1715\\u1734\\u17D2\\u1A60\\u1B44\\u1BAA-\\u1BAB\\u1BF2-\\u1BF3\\u2D7F\\uA806\\uA82C\\uA8C4\\uA953\\uA9C0' +
  '\\uAAF6\\uABED\\u{10A3F}\\u{11046}\\u{11070}\\u{1107F}\\u{110B9}\\u{11133}-\\u{11134}\\u{111C0}\\u{11235}' +
  '\\u{112EA}\\u{1134D}\\u{11442}\\u{114C2}\\u{115BF}\\u{1163F}\\u{116B6}\\u{1172B}\\u{11839}\\u{1193D}-\\u{1193E}' +
  '\\u{119E0}\\u{11A34}\\u{11A47}\\u{11A99}\\u{11C3F}\\u{11D44}-\\u{11D45}\\u{11D97}';
/**
 * The zero-width joiner and non-joiner are part of how some scripts spell a word: after a virama
 * they choose a half form or an old-style chillu (Devanagari, Malayalam, Sinhala), and between
 * two Arabic-script letters the non-joiner keeps them apart (Persian "علی‌زاده"). Only those
 * places are accepted, the same rule domain names use: anywhere else (alone, doubled, at the
 * start, inside a Latin word) a joiner only hides something. Bidi controls stay refused. A
 * joined pair always has a joiner as its second character, which no plain character is, so a
 * text matches in one way only and matching stays linear.
 */
const JOINED = `[${VIRAMAS}][\\u200C\\u200D]|\\p{scx=Arabic}\\u200C(?=\\p{scx=Arabic})`;
function writtenWord(chars: string): RegExp {
  return new RegExp(`^(?:${JOINED}|[${chars}])+$`, 'u');
}

// Letters and combining marks of any script, plus the punctuation real names use. Digits,
// symbols, emoji, angle brackets and control characters fall outside these sets.
const NAME_CHARS = writtenWord("\\p{L}\\p{M}' ’.-");
// "2e Hugo de Grootstraat", "Rue du 8 Mai 1945": street names carry digits. "Flat 3, 10 Downing
// Street", "Rue de l'Église, Bât. B", "5/2 (interior)": the line also names a flat or a building.
const STREET_CHARS = writtenWord("\\p{L}\\p{M}\\d' ’.,/()-");
// "Frankfurt (Oder)", "Halle (Saale)".
const CITY_CHARS = writtenWord("\\p{L}\\p{M}' ’.()-");
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

function guestFieldsSchema() {
  const email = checkedString(normalizeEmail, (value) => {
    if (value.length > EMAIL_MAX) return key('guest.errors.too_long');
    return isEmailAddress(value) ? null : key('guest.errors.email');
  });
  /** The shape only; whether the number completes for the country is a cross-field check below. */
  const phone = checkedString(
    (value) => value.trim(),
    (value) => (isWrittenPhone(value) ? null : key('guest.errors.phone')),
  );
  return z.strictObject(
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
    } satisfies Record<GuestField, z.ZodType>,
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? key('guest.errors.unknown_field') : key('guest.errors.invalid'),
    },
  );
}

/**
 * The full schema: fields, then the rules that need the country (national phone numbers,
 * country postcode formats). They run even while other fields are still wrong, so the guest
 * sees every problem at once, but not on a field that already has its own error. Built on first
 * use (see lazySchema), so a page that loads the form builds it only when a field is checked.
 */
export const GuestSchema = lazySchema(() =>
  guestFieldsSchema()
    .superRefine(
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
    )
    .transform((guest) => ({
      ...guest,
      postcode: normalizePostcode(guest.postcode, guest.country) ?? guest.postcode,
      phone: normalizePhone(guest.phone, guest.country) ?? guest.phone,
      mobile:
        guest.mobile === undefined ? undefined : (normalizePhone(guest.mobile, guest.country) ?? guest.mobile),
    })),
);

export type GuestInput = z.input<typeof GuestSchema>;
export type Guest = z.output<typeof GuestSchema>;
