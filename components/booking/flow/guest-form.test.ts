import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { GUEST_FIELDS, GUEST_MAX_LENGTHS, GuestSchema } from '@/lib/booking/guest';
import de from '@/messages/de/booking.json';
import en from '@/messages/en/booking.json';
import fr from '@/messages/fr/booking.json';
import nl from '@/messages/nl/booking.json';
import { describeGuestError, GUEST_FORM } from './guest-form';

const MESSAGES = { en, nl, de, fr };

const formFields = GUEST_FORM.flatMap((group) => group.fields);

describe('the guest form table', () => {
  it('asks for every field the guest schema checks, once each, in the schema order focus follows', () => {
    expect(formFields.map((field) => field.name)).toEqual([...GUEST_FIELDS]);
  });

  it('marks as optional exactly the text fields the schema accepts empty, and the others as required', () => {
    const empty = Object.fromEntries(GUEST_FIELDS.map((name) => [name, '']));
    const result = GuestSchema.safeParse(empty);
    const failing = new Set(result.success ? [] : result.error.issues.map((issue) => issue.path[0]));
    for (const field of formFields) {
      if (field.control !== 'text') continue;
      expect(field.optional === true, field.name).toBe(!failing.has(field.name));
      expect(field.required === true, field.name).toBe(failing.has(field.name));
    }
  });
});

describe('the guest form error messages', () => {
  const tooLong = (field: (typeof GUEST_FIELDS)[number], length: number) => {
    const valid = {
      firstName: 'Anna',
      lastName: 'Berg',
      street: 'Keizersgracht',
      houseNumber: '12',
      postcode: '1015 CX',
      city: 'Amsterdam',
      country: 'NL',
      email: 'anna@example.nl',
      phone: '020 123 4567',
      language: 'nl',
    };
    const value =
      field === 'email' ? `${'a'.repeat(60)}@${`${'b'.repeat(60)}.`.repeat(4)}nl` : 'a'.repeat(length);
    const result = GuestSchema.safeParse({ ...valid, [field]: value });
    return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
  };

  it.each(Object.entries(GUEST_MAX_LENGTHS))(
    'says "too long" on %s with the limit the schema applies (%i), in every locale',
    (field, max) => {
      const name = field as (typeof GUEST_FIELDS)[number];
      // One character over the limit is refused with the length key, the limit itself is not.
      expect(tooLong(name, max + 1)).toBe('guest.errors.too_long');
      if (name !== 'email') expect(tooLong(name, max)).not.toBe('guest.errors.too_long');
      const described = describeGuestError(name, 'guest.errors.too_long');
      expect(described).toEqual({ key: 'guest.errors.too_long', values: { max } });
      for (const [locale, messages] of Object.entries(MESSAGES)) {
        const t = createTranslator({ locale, messages, namespace: 'booking' });
        const text = t(described.key, described.values);
        expect(text, locale).toContain(String(max));
        expect(text, locale).not.toMatch(/[{}]/);
      }
    },
  );

  it('reads a length error on a field without a limit, or an unknown message, as "not valid"', () => {
    expect(describeGuestError('phone', 'guest.errors.too_long')).toEqual({
      key: 'guest.errors.invalid',
      values: undefined,
    });
    expect(describeGuestError('city', 'Too long!')).toEqual({
      key: 'guest.errors.invalid',
      values: undefined,
    });
    expect(describeGuestError('city', 'guest.errors.name_chars')).toEqual({
      key: 'guest.errors.name_chars',
      values: undefined,
    });
  });
});
