import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GuestSchema, isEmailAddress, type GuestInput } from './guest';
import { VALID, errorsOf, withField } from './fixtures/guests';

describe('valid guests', () => {
  it.each([
    'Jan',
    'Zoë',
    "O'Brien",
    'O’Brien',
    'José-María',
    'Ærøskøbing',
    '山田',
    'Иванов',
    'Αλέξανδρος',
    'محمد',
    'יוסף',
    'Nguyễn',
    'Søren',
    'Łukasz',
    'Þórður',
    'Dvořák',
    'Müller-Lüdenscheidt',
    'St. John',
    'J.R.R.',
    '김민준',
    'देवनागरी',
    'สมชาย',
    'Ngā',
    'Mary Ann',
  ])('accepts the name %j', (name) => {
    expect(errorsOf({ ...VALID, firstName: name, lastName: name })).toEqual({});
  });

  it.each(['van der', 'de', "in 't", 'von', 'di', 'van den'])('accepts the insertion %j', (insertion) => {
    expect(errorsOf({ ...VALID, lastName: 'Berg', insertion })).toEqual({});
  });

  it.each<[Partial<GuestInput>]>([
    [{ street: '2e Hugo de Grootstraat', houseNumber: '12-3', city: 'Amsterdam', postcode: '1052 LP' }],
    [
      {
        street: 'Rue du 8 Mai 1945',
        houseNumber: '4 bis',
        city: 'Saint-Étienne',
        postcode: '42000',
        country: 'FR',
        phone: '04 77 12 34 56',
      },
    ],
    [
      {
        street: 'Straße des 17. Juni',
        houseNumber: '135',
        city: 'Frankfurt (Oder)',
        postcode: '15230',
        country: 'DE',
        phone: '0335 123456',
      },
    ],
    [
      {
        street: "Chemin de l'Église",
        houseNumber: '3',
        city: 'Genève',
        postcode: '1204',
        country: 'CH',
        phone: '022 123 45 67',
      },
    ],
    [
      {
        street: 'Baker Street',
        houseNumber: '221B',
        city: 'London',
        postcode: 'NW1 6XE',
        country: 'GB',
        phone: '020 7946 0958',
      },
    ],
    [
      {
        street: 'Nørrebrogade',
        houseNumber: '20',
        city: 'København',
        postcode: '2200',
        country: 'DK',
        phone: '32 12 34 56',
      },
    ],
    [
      {
        street: 'Rue de la Loi',
        houseNumber: '16',
        city: 'Bruxelles',
        postcode: '1000',
        country: 'BE',
        phone: '02 555 12 12',
      },
    ],
    [
      {
        street: 'Avenue de la Gare',
        houseNumber: '8',
        city: 'Luxembourg',
        postcode: 'L-1611',
        country: 'LU',
        phone: '621 123 456',
      },
    ],
    [
      {
        street: 'Stephansplatz',
        houseNumber: '1',
        city: 'Wien',
        postcode: '1010',
        country: 'AT',
        phone: '01 234 56 78',
      },
    ],
    [
      {
        street: 'Fifth Avenue',
        houseNumber: '350',
        city: 'New York',
        postcode: '10118',
        country: 'US',
        phone: '(212) 555-0123',
      },
    ],
    [
      {
        street: '銀座',
        houseNumber: '4',
        city: '東京',
        postcode: '104-0061',
        country: 'JP',
        phone: '+81 3-1234-5678',
      },
    ],
    [
      {
        street: 'Тверская улица',
        houseNumber: '7',
        city: 'Москва',
        postcode: '125009',
        country: 'RU',
        phone: '+7 495 123-45-67',
      },
    ],
    [
      {
        street: 'Οδός Ερμού',
        houseNumber: '10',
        city: 'Αθήνα',
        postcode: '105 63',
        country: 'GR',
        phone: '+30 21 0123 4567',
      },
    ],
    [
      {
        street: 'Rua Augusta',
        houseNumber: '100',
        city: 'Lisboa',
        postcode: '1100-053',
        country: 'PT',
        phone: '+351 21 123 4567',
      },
    ],
    // A flat, a building or a side of the street, as guests write them.
    [{ street: 'Flat 3, 10 Downing Street', houseNumber: '10', city: 'London', postcode: 'SW1A 2AA', country: 'GB' }],
    [{ street: "Rue de l'Église, Bât. B", houseNumber: '3', city: 'Lyon', postcode: '69002', country: 'FR' }],
    [{ street: 'Calle Mayor 5/2 (interior)', houseNumber: '5', city: 'Madrid', postcode: '28013', country: 'ES' }],
  ])('accepts the address %j', (address) => {
    expect(errorsOf({ ...VALID, ...address })).toEqual({});
  });

  it.each([
    'jan@example.nl',
    'Jan.de.Vries+booking@sub.example.co.uk',
    "o'brien@example.ie",
    'user_name-1@example-domain.de',
    'müller@example.de',
    'jose@correo.españa.es',
    'иван@пример.рф',
    'x@xn--bcher-kva.example',
    'a@b.co',
    `${'a'.repeat(63)}@example.com`,
  ])('accepts the e-mail address %j', (email) => {
    expect(errorsOf(withField('email', email))).toEqual({});
  });

  it('leaves out empty optional fields', () => {
    const result = GuestSchema.parse({ ...VALID, insertion: '  ', mobile: '' });
    expect(result).not.toHaveProperty('insertion', expect.anything());
    expect(result.insertion).toBeUndefined();
    expect(result.mobile).toBeUndefined();
  });

  it('normalizes what it accepts', () => {
    const result = GuestSchema.parse({
      ...VALID,
      firstName: '  Zoe\u0308  ', // decomposed ë
      lastName: 'van  der\u00a0Berg',
      postcode: '1234ab',
      country: ' nl ',
      email: ' Jan@Example.NL ',
      phone: '030-123 45 67',
      mobile: '06 12345678',
    });
    expect(result).toMatchObject({
      firstName: 'Zoë',
      lastName: 'van der Berg',
      postcode: '1234 AB',
      country: 'NL',
      email: 'Jan@example.nl',
      phone: '+31301234567',
      mobile: '+31612345678',
    });
    expect(result.firstName).toHaveLength(3);
  });
});

describe('generated guests', () => {
  const letters = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzàéëïöüçñøåæßłžšđ山田李Иванσπ'.split(''));
  const word = fc.array(letters, { minLength: 1, maxLength: 12 }).map((chars) => chars.join(''));
  const name = fc
    .tuple(word, fc.option(fc.tuple(fc.constantFrom(' ', '-', "'", '’'), word)))
    .map(([first, rest]) => (rest ? `${first}${rest[0]}${rest[1]}` : first));

  it('accept any well-formed name, address and Dutch phone', () => {
    fc.assert(
      fc.property(
        name,
        name,
        word,
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 10_000_000, max: 99_999_999 }),
        (first, last, street, number, digits) => {
          const guest = {
            ...VALID,
            firstName: first,
            lastName: last,
            street,
            houseNumber: String(number),
            city: street,
            phone: `06 ${digits}`,
          };
          const result = GuestSchema.safeParse(guest);
          expect(result.error?.issues ?? []).toEqual([]);
          expect(result.data?.phone).toBe(`+316${digits}`);
        },
      ),
    );
  });
});

describe('isEmailAddress', () => {
  it('needs an @ with text on both sides', () => {
    expect(isEmailAddress('@example.nl')).toBe(false);
    expect(isEmailAddress('jan@')).toBe(false);
    expect(isEmailAddress('jan')).toBe(false);
  });
});
