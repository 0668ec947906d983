import {
  GUEST_ERROR_KEYS,
  GUEST_MAX_LENGTHS,
  type GuestErrorKey,
  type GuestField,
} from '@/lib/booking/guest';

/** How one guest field is asked for; its label is `booking.guest.<name>`. */
export interface GuestFieldSpec {
  name: GuestField;
  /** A text input, or one of the two lists. */
  control: 'text' | 'country' | 'language';
  /** The field's width in the six-column grid from the small breakpoint on. */
  width: 'sm:col-span-2' | 'sm:col-span-3' | 'sm:col-span-4' | 'sm:col-span-6';
  autoComplete?: string;
  type?: 'email' | 'tel';
  inputMode?: 'email' | 'tel';
  /** Required by the schema: the input says so too. Optional ones say "(optional)" in the label. */
  required?: boolean;
  optional?: boolean;
  /** Key of a hint under booking.guest, shown below the label and read with the field. */
  hint?: 'phoneHint';
}

/**
 * The guest form, group by group in reading order (which is also the order focus takes to the
 * first wrong field). Browsers fill the autocomplete tokens in; the house number and the name
 * particle have no token of their own, so they are "off" rather than guessed.
 */
export const GUEST_FORM: readonly {
  legend: 'nameHeading' | 'addressHeading' | 'contactHeading';
  fields: readonly GuestFieldSpec[];
}[] = [
  {
    legend: 'nameHeading',
    fields: [
      {
        name: 'firstName',
        control: 'text',
        width: 'sm:col-span-3',
        autoComplete: 'given-name',
        required: true,
      },
      { name: 'insertion', control: 'text', width: 'sm:col-span-3', autoComplete: 'off', optional: true },
      {
        name: 'lastName',
        control: 'text',
        width: 'sm:col-span-6',
        autoComplete: 'family-name',
        required: true,
      },
    ],
  },
  {
    legend: 'addressHeading',
    fields: [
      {
        name: 'street',
        control: 'text',
        width: 'sm:col-span-4',
        autoComplete: 'address-line1',
        required: true,
      },
      { name: 'houseNumber', control: 'text', width: 'sm:col-span-2', autoComplete: 'off', required: true },
      {
        name: 'postcode',
        control: 'text',
        width: 'sm:col-span-2',
        autoComplete: 'postal-code',
        required: true,
      },
      {
        name: 'city',
        control: 'text',
        width: 'sm:col-span-4',
        autoComplete: 'address-level2',
        required: true,
      },
      { name: 'country', control: 'country', width: 'sm:col-span-6' },
    ],
  },
  {
    legend: 'contactHeading',
    fields: [
      {
        name: 'email',
        control: 'text',
        width: 'sm:col-span-6',
        type: 'email',
        inputMode: 'email',
        autoComplete: 'email',
        required: true,
      },
      {
        name: 'phone',
        control: 'text',
        width: 'sm:col-span-3',
        type: 'tel',
        inputMode: 'tel',
        autoComplete: 'tel',
        required: true,
        hint: 'phoneHint',
      },
      {
        name: 'mobile',
        control: 'text',
        width: 'sm:col-span-3',
        type: 'tel',
        inputMode: 'tel',
        autoComplete: 'tel',
        optional: true,
      },
      { name: 'language', control: 'language', width: 'sm:col-span-3' },
    ],
  },
];

/** A guest field's error as a message key under `booking` and the values its text needs. */
export interface GuestErrorMessage {
  key: GuestErrorKey;
  values: { max: number } | undefined;
}

/**
 * What to say for a field's error (a key from the guest schema, in the browser or from the
 * server). "Too long" names the field's limit; a message that is no known key, or a length error
 * on a field without a limit, reads as "not valid" rather than as a raw key.
 */
export function describeGuestError(field: GuestField, message: string | undefined): GuestErrorMessage {
  const known = (GUEST_ERROR_KEYS as readonly string[]).includes(message ?? '')
    ? (message as GuestErrorKey)
    : 'guest.errors.invalid';
  if (known !== 'guest.errors.too_long') return { key: known, values: undefined };
  const max = GUEST_MAX_LENGTHS[field];
  return max === undefined
    ? { key: 'guest.errors.invalid', values: undefined }
    : { key: known, values: { max } };
}
