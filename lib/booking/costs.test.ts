import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COST_TYPES,
  fromCents,
  getCostMultiplier,
  isKnownCostType,
  lineCost,
  roundToCents,
  selectionTotal,
  sumAmounts,
  toCents,
} from './costs';

describe('toCents / fromCents', () => {
  it.each([
    [289, 28900],
    [289.5, 28950],
    [0.1, 10],
    [0.29, 29], // 0.29 * 100 = 28.999999999999996 in floats
    [1.005, 101], // binary 1.00499999… but written 1.005: half away from zero
    [-1.005, -101],
    [-15, -1500],
    [2.675, 268],
    [0.004, 0],
    [-0.004, 0],
    [1e-7, 0],
    [123456789.99, 12345678999],
  ])('toCents(%d) = %i', (euros, cents) => {
    expect(toCents(euros)).toBe(cents);
  });

  it('never yields -0', () => {
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
  });

  it('rejects what is not an amount', () => {
    for (const bad of [Number.NaN, Infinity, -Infinity, 1e20]) expect(() => toCents(bad)).toThrow(RangeError);
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });

  it('round-trips whole cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
      }),
    );
  });

  it('sums without float drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    expect(sumAmounts([289, 4.4, -15, 0.05])).toBe(278.45);
    expect(roundToCents(10 / 3)).toBe(3.33);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e7, max: 1e7 })), (cents) => {
        expect(toCents(sumAmounts(cents.map(fromCents)))).toBe(cents.reduce((a, b) => a + b, 0));
      }),
    );
  });
});

describe('lineCost', () => {
  const stay = { nights: 7, persons: 4 };

  it.each([
    ['PER_STAY', 15, 1, 15],
    ['PER_NIGHT', 12.5, 1, 87.5],
    ['PER_PERSON', 12.95, 1, 51.8],
    ['PER_PERSON_PER_NIGHT', 14.5, 1, 406],
    ['PER_PIECE', 7.5, 3, 22.5],
    ['PER_PIECE', 7.5, 0, 0],
    ['PER_NIGHT', 2.5, 2, 35], // two baby cots for a week
  ])('%s of %d × quantity %i', (costType, cost, quantity, amount) => {
    const result = lineCost({ cost, costType, quantity, ...stay });
    expect(result).toEqual({ amount, cents: toCents(amount), unknownCostType: false });
  });

  it('defaults the quantity to one', () => {
    expect(lineCost({ cost: 7.5, costType: 'PER_PIECE', ...stay }).amount).toBe(7.5);
  });

  it('rounds the unit cost to cents before multiplying, as the page shows it', () => {
    expect(lineCost({ cost: 0.125, costType: 'PER_NIGHT', nights: 10, persons: 1 }).amount).toBe(1.3);
  });

  it('avoids float drift', () => {
    expect(0.1 * 3).not.toBe(0.3);
    expect(lineCost({ cost: 0.1, costType: 'PER_NIGHT', nights: 3, persons: 1 }).amount).toBe(0.3);
    expect(lineCost({ cost: 1.15, costType: 'PER_PERSON_PER_NIGHT', nights: 3, persons: 3 }).amount).toBe(
      10.35,
    );
  });

  it.each(['PER_WEEK', '', null, undefined, 'per_stay'])(
    'prices unknown type %j once per stay and flags it',
    (costType) => {
      expect(lineCost({ cost: 20, costType, ...stay })).toEqual({
        amount: 20,
        cents: 2000,
        unknownCostType: true,
      });
    },
  );

  it('keeps negative costs (reductions)', () => {
    expect(lineCost({ cost: -5, costType: 'PER_NIGHT', ...stay }).amount).toBe(-35);
  });

  it('rejects impossible counts', () => {
    expect(() => lineCost({ cost: 1, costType: 'PER_NIGHT', nights: -1, persons: 1 })).toThrow(RangeError);
    expect(() => lineCost({ cost: 1, costType: 'PER_PERSON', nights: 1, persons: 1.5 })).toThrow(RangeError);
    expect(() => lineCost({ cost: 1, costType: 'PER_PIECE', quantity: -2, nights: 1, persons: 1 })).toThrow(
      RangeError,
    );
    expect(() => lineCost({ cost: Number.NaN, costType: 'PER_STAY', nights: 1, persons: 1 })).toThrow(
      RangeError,
    );
  });

  it('is cost × quantity × the type count, in whole cents, for every type', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COST_TYPES),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 28 }),
        fc.integer({ min: 0, max: 20 }),
        (costType, costCents, quantity, nights, persons) => {
          const result = lineCost({ cost: fromCents(costCents), costType, quantity, nights, persons });
          expect(result.cents).toBe(costCents * quantity * getCostMultiplier(costType, { nights, persons }));
          expect(result.amount).toBe(fromCents(result.cents));
          expect(result.unknownCostType).toBe(false);
        },
      ),
    );
  });

  it('knows the documented cost types', () => {
    for (const type of COST_TYPES) expect(isKnownCostType(type)).toBe(true);
    expect(isKnownCostType('PER_WEEK')).toBe(false);
    expect(isKnownCostType(undefined)).toBe(false);
  });
});

describe('selectionTotal', () => {
  it('adds rent, chosen services and preferences', () => {
    const total = selectionTotal({
      rent: 612.35,
      services: [
        { cost: 7.5, costType: 'PER_PIECE', quantity: 2 }, // baby cot ×2
        { cost: 12.95, costType: 'PER_PERSON' }, // linen
        { cost: 14.5, costType: 'PER_PERSON_PER_NIGHT' }, // breakfast
      ],
      preferences: [
        { cost: 25, costType: 'PER_STAY' },
        { cost: 3.1, costType: 'PER_NIGHT', quantity: 5 }, // a quantity on a preference is ignored
      ],
      nights: 3,
      persons: 3,
    });
    expect(total).toEqual({
      rent: 612.35,
      services: 184.35, // 15 + 38.85 + 130.5
      preferences: 34.3, // 25 + 9.3
      total: 831,
      hasUnknownCostType: false,
    });
  });

  it('is just the rent with nothing chosen', () => {
    expect(selectionTotal({ rent: 289, services: [], preferences: [], nights: 2, persons: 2 })).toEqual({
      rent: 289,
      services: 0,
      preferences: 0,
      total: 289,
      hasUnknownCostType: false,
    });
  });

  it('flags a total that contains an unknown cost type', () => {
    const total = selectionTotal({
      rent: 100,
      services: [{ cost: 10, costType: 'PER_WEEK' }],
      preferences: [],
      nights: 7,
      persons: 2,
    });
    expect(total).toMatchObject({ total: 110, hasUnknownCostType: true });
  });

  it('equals the sum of its parts in whole cents', () => {
    const line = fc.record({
      cost: fc.integer({ min: 0, max: 50_000 }).map(fromCents),
      costType: fc.constantFrom(...COST_TYPES),
      quantity: fc.integer({ min: 1, max: 5 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e7 }),
        fc.array(line),
        fc.array(line),
        (rentCents, services, preferences) => {
          const total = selectionTotal({
            rent: fromCents(rentCents),
            services,
            preferences,
            nights: 4,
            persons: 3,
          });
          expect(toCents(total.total)).toBe(
            toCents(total.rent) + toCents(total.services) + toCents(total.preferences),
          );
        },
      ),
    );
  });
});
