/**
 * The guest form's fields, their limits and the i18n keys of its messages: what the browser's
 * code needs to lay out and explain the form without loading the schema (guest.ts), which
 * checks the details only where they are typed, held and sent.
 */

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

export const NAME_MAX = 60;
/** Dutch name particles ("van der", "in 't"); the partner stores at most 50 characters. */
export const INSERTION_MAX = 20;
export const STREET_MAX = 100;
export const CITY_MAX = 60;
export const HOUSE_NUMBER_MAX = 10;
export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_MAX = 63;

/** The guest fields in form order (the schema's order too), for storage and focus order. */
export const GUEST_FIELDS = [
  'firstName',
  'insertion',
  'lastName',
  'street',
  'houseNumber',
  'postcode',
  'city',
  'country',
  'email',
  'phone',
  'mobile',
  'language',
] as const;
export type GuestField = (typeof GUEST_FIELDS)[number];

/**
 * The most characters each length-limited field takes, the same limits the schema applies: the
 * "too long" message names the limit, so the guest knows how much to cut.
 */
export const GUEST_MAX_LENGTHS: Readonly<Partial<Record<GuestField, number>>> = {
  firstName: NAME_MAX,
  insertion: INSERTION_MAX,
  lastName: NAME_MAX,
  street: STREET_MAX,
  houseNumber: HOUSE_NUMBER_MAX,
  city: CITY_MAX,
  email: EMAIL_MAX,
};
