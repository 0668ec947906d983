import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GUEST_ERROR_KEYS, GuestSchema, type GuestInput } from './guest';
import { VALID, errorsOf, withField } from './fixtures/guests';

describe('invalid guests', () => {
  it.each<[string, keyof GuestInput, unknown, string]>([
    ['an empty first name', 'firstName', '', 'guest.errors.required'],
    ['a blank last name', 'lastName', '   ', 'guest.errors.required'],
    ['a missing street', 'street', undefined, 'guest.errors.required'],
    ['a number as name', 'firstName', 42, 'guest.errors.required'],
    ['digits in a name', 'firstName', 'Jan2', 'guest.errors.name_chars'],
    ['a script tag', 'lastName', '<script>alert(1)</script>', 'guest.errors.name_chars'],
    ['an emoji', 'firstName', 'Jan 😀', 'guest.errors.name_chars'],
    ['a control character', 'lastName', 'Jan\u0000sen', 'guest.errors.name_chars'],
    ['a tab inside', 'firstName', 'Jan\tPiet', 'guest.errors.name_chars'],
    ['a zero-width joiner', 'firstName', 'Ja\u200dn', 'guest.errors.name_chars'],
    ['a right-to-left override', 'lastName', 'Jan\u202esen', 'guest.errors.name_chars'],
    ['only punctuation', 'firstName', "'-.", 'guest.errors.name_chars'],
    ['symbols', 'lastName', 'Jansen & Zn', 'guest.errors.name_chars'],
    ['a name over 60', 'lastName', 'a'.repeat(61), 'guest.errors.too_long'],
    ['digits in an insertion', 'insertion', 'van 2', 'guest.errors.name_chars'],
    ['a long insertion', 'insertion', 'van '.repeat(6), 'guest.errors.too_long'],
    ['a street over 100', 'street', 'a'.repeat(101), 'guest.errors.too_long'],
    ['angle brackets in a street', 'street', 'Dorpsstraat <b>', 'guest.errors.street_chars'],
    ['a street of digits', 'street', '1234', 'guest.errors.street_chars'],
    ['digits in a city', 'city', 'Utrecht 3', 'guest.errors.name_chars'],
    ['a city over 60', 'city', 'a'.repeat(61), 'guest.errors.too_long'],
    ['an empty house number', 'houseNumber', '', 'guest.errors.required'],
    ['letters only as house number', 'houseNumber', 'abc', 'guest.errors.house_number'],
    ['a long house number', 'houseNumber', '12345678901', 'guest.errors.too_long'],
    ['a house number ending in a dash', 'houseNumber', '12-', 'guest.errors.house_number'],
    ['an empty postcode', 'postcode', '', 'guest.errors.required'],
    ['a bad Dutch postcode', 'postcode', '123 AB', 'guest.errors.postcode'],
    ['a postcode with symbols', 'postcode', '1234<AB>', 'guest.errors.postcode'],
    ['an unknown country', 'country', 'XX', 'guest.errors.country'],
    ['a withdrawn country', 'country', 'UK', 'guest.errors.country'],
    ['a three-letter country', 'country', 'NLD', 'guest.errors.country'],
    ['an empty e-mail', 'email', '', 'guest.errors.required'],
    ['an e-mail without @', 'email', 'jan.example.nl', 'guest.errors.email'],
    ['an e-mail without domain dot', 'email', 'jan@localhost', 'guest.errors.email'],
    ['an e-mail with two @', 'email', 'jan@@example.nl', 'guest.errors.email'],
    ['an e-mail with a space', 'email', 'jan de@example.nl', 'guest.errors.email'],
    ['an e-mail with a double dot', 'email', 'jan..v@example.nl', 'guest.errors.email'],
    ['an e-mail with a leading dot', 'email', '.jan@example.nl', 'guest.errors.email'],
    ['an e-mail with a script', 'email', '<script>@example.nl', 'guest.errors.email'],
    ['an e-mail with a numeric TLD', 'email', 'jan@example.123', 'guest.errors.email'],
    ['an e-mail with a bad label', 'email', 'jan@-example.nl', 'guest.errors.email'],
    ['a local part over 63', 'email', `${'a'.repeat(64)}@example.com`, 'guest.errors.email'],
    ['an e-mail over 254', 'email', `a@${`${'b'.repeat(60)}.`.repeat(5)}nl`, 'guest.errors.too_long'],
    ['an empty phone', 'phone', '', 'guest.errors.required'],
    ['letters in a phone', 'phone', '020-CALL-NOW', 'guest.errors.phone'],
    ['a short phone', 'phone', '12345', 'guest.errors.phone'],
    ['a national phone without trunk 0', 'phone', '301234567', 'guest.errors.phone'],
    ['a bad mobile', 'mobile', '06-abc', 'guest.errors.phone'],
    ['an unknown language', 'language', 'es', 'guest.errors.language'],
    ['an upper-case language', 'language', 'NL', 'guest.errors.language'],
  ])('rejects %s', (_name, field, value, key) => {
    expect(errorsOf(withField(field, value))).toEqual({ [field]: [key] });
  });

  it('checks a national phone against the chosen country', () => {
    expect(errorsOf({ ...VALID, country: 'BR', phone: '030 123 4567' })).toEqual({
      phone: ['guest.errors.phone'],
    });
    expect(errorsOf({ ...VALID, country: 'BR', phone: '+55 11 91234-5678', postcode: '01310-100' })).toEqual(
      {},
    );
  });

  it('checks the postcode against the chosen country', () => {
    expect(errorsOf({ ...VALID, country: 'DE' })).toEqual({ postcode: ['guest.errors.postcode'] });
    expect(errorsOf({ ...VALID, country: 'BE', postcode: '1234 AB', phone: '+32 2 555 12 12' })).toEqual({
      postcode: ['guest.errors.postcode'],
    });
  });

  it('reports every field at once, including the country rules', () => {
    expect(errorsOf({ ...VALID, firstName: '', email: 'x', phone: '030 12', postcode: '99' })).toEqual({
      firstName: ['guest.errors.required'],
      email: ['guest.errors.email'],
      phone: ['guest.errors.phone'],
      postcode: ['guest.errors.postcode'],
    });
  });

  it('rejects unknown keys', () => {
    expect(errorsOf({ ...VALID, isAdmin: true })).toEqual({ '': ['guest.errors.unknown_field'] });
    expect(errorsOf({ ...VALID, transactionId: 'x' })).toEqual({ '': ['guest.errors.unknown_field'] });
  });

  it.each([null, undefined, 'guest', 42, [], [VALID]])('rejects %j as a whole without throwing', (input) => {
    expect(errorsOf(input)).toEqual({ '': ['guest.errors.invalid'] });
  });

  it('uses only published message keys and never throws', () => {
    const anyValue = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.constant(null),
      fc.constant(undefined),
      fc.boolean(),
    );
    const record = fc.dictionary(
      fc.constantFrom(...Object.keys(VALID), 'mobile', 'insertion', 'extra'),
      anyValue,
    );
    fc.assert(
      fc.property(record, (overrides) => {
        const result = GuestSchema.safeParse({ ...VALID, ...overrides });
        for (const issue of result.error?.issues ?? []) expect(GUEST_ERROR_KEYS).toContain(issue.message);
      }),
    );
  });
});
