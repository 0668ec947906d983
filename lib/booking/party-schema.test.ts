import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARTY, MAX_PETS, PARTY_FIELDS, isPartyWithinLimits, type Party } from './party';
import { PartyQuerySchema, PartySchema } from './party-schema';

const party = (overrides: Partial<Party> = {}): Party => ({ ...DEFAULT_PARTY, ...overrides });

describe('PartySchema', () => {
  it('accepts parties within the limits', () => {
    for (const p of [
      DEFAULT_PARTY,
      party({ adults: 1 }),
      party({ adults: 16, child0002: 4 }),
      // A group of adults as large as the largest houses (20 persons): a club, a family reunion.
      party({ adults: 20 }),
      party({ adults: 10, child0512: 10, pets: 4 }),
    ]) {
      expect(PartySchema.safeParse(p).success).toBe(true);
    }
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no adult', { adults: 0 }, 'party.errors.count'],
    ['too many adults', { adults: 21 }, 'party.errors.count'],
    ['negative children', { child0304: -1 }, 'party.errors.count'],
    ['too many children in a group', { child1317: 11 }, 'party.errors.count'],
    ['too many pets', { pets: 5 }, 'party.errors.count'],
    ['decimals', { adults: 2.5 }, 'party.errors.count'],
    ['a string', { adults: '2' }, 'party.errors.count'],
    ['null', { pets: null }, 'party.errors.count'],
    ['more than 20 persons', { adults: 16, child0512: 5 }, 'party.errors.too_many_persons'],
  ])('rejects %s', (_name, overrides, message) => {
    const result = PartySchema.safeParse({ ...DEFAULT_PARTY, ...overrides });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('rejects unknown and missing keys', () => {
    expect(PartySchema.safeParse({ ...DEFAULT_PARTY, animalNr: 1 }).success).toBe(false);
    const { pets: _pets, ...withoutPets } = DEFAULT_PARTY;
    expect(PartySchema.safeParse(withoutPets).success).toBe(false);
  });

  it('agrees with isPartyWithinLimits', () => {
    const count = fc.integer({ min: -2, max: 22 });
    fc.assert(
      fc.property(fc.tuple(count, count, count, count, count, count), (values) => {
        const p = Object.fromEntries(PARTY_FIELDS.map((field, i) => [field, values[i]])) as Party;
        expect(PartySchema.safeParse(p).success).toBe(isPartyWithinLimits(p));
      }),
    );
  });
});

describe('PartyQuerySchema', () => {
  it('reads counts from query text and fills absent ones with the default party', () => {
    expect(PartyQuerySchema.parse({ adults: '3', pets: '1' })).toEqual({ ...DEFAULT_PARTY, adults: 3, pets: 1 });
    expect(PartyQuerySchema.parse({})).toEqual(DEFAULT_PARTY);
  });

  it('applies the party limits after reading the text', () => {
    expect(PartyQuerySchema.safeParse({ adults: '0' }).success).toBe(false);
    expect(PartyQuerySchema.safeParse({ pets: String(MAX_PETS + 1) }).success).toBe(false);
    expect(PartyQuerySchema.safeParse({ adults: 'two' }).success).toBe(false);
    expect(PartyQuerySchema.safeParse({ adults: '1.5' }).success).toBe(false);
  });
});
