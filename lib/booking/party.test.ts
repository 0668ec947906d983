import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PARTY,
  MAX_ADULTS,
  MAX_CHILDREN_PER_GROUP,
  MAX_PERSONS,
  MAX_PETS,
  MIN_ADULTS,
  PARTY_FIELDS,
  PARTY_LIMITS,
  PartySchema,
  countChildren,
  countPersons,
  isChildGroup,
  isPartyWithinLimits,
  type Party,
} from './party';

const party = (overrides: Partial<Party> = {}): Party => ({ ...DEFAULT_PARTY, ...overrides });

describe('limits', () => {
  it('are the documented ones', () => {
    expect([MIN_ADULTS, MAX_ADULTS, MAX_CHILDREN_PER_GROUP, MAX_PETS, MAX_PERSONS]).toEqual([
      1, 16, 10, 4, 20,
    ]);
    expect(PARTY_LIMITS.child0304).toEqual({ min: 0, max: 10 });
    expect(PARTY_FIELDS).toEqual(['adults', 'child0002', 'child0304', 'child0512', 'child1317', 'pets']);
  });

  it('default to the partner default party', () => {
    expect(DEFAULT_PARTY).toEqual({
      adults: 2,
      child0002: 0,
      child0304: 0,
      child0512: 0,
      child1317: 0,
      pets: 0,
    });
  });
});

describe('counting', () => {
  it('counts adults and every child, never pets', () => {
    const p = party({ adults: 2, child0002: 1, child0304: 2, child0512: 3, child1317: 4, pets: 3 });
    expect(countChildren(p)).toBe(10);
    expect(countPersons(p)).toBe(12);
  });

  it('recognizes child groups', () => {
    expect(isChildGroup('child0512')).toBe(true);
    expect(isChildGroup('adults')).toBe(false);
    expect(isChildGroup('pets')).toBe(false);
  });
});

describe('PartySchema', () => {
  it('accepts parties within the limits', () => {
    for (const p of [
      DEFAULT_PARTY,
      party({ adults: 1 }),
      party({ adults: 16, child0002: 4 }),
      party({ adults: 10, child0512: 10, pets: 4 }),
    ]) {
      expect(PartySchema.safeParse(p).success).toBe(true);
    }
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no adult', { adults: 0 }, 'party.errors.count'],
    ['too many adults', { adults: 17 }, 'party.errors.count'],
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
