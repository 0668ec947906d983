import { describe, expect, it } from 'vitest';
import { PriceOverviewSchema } from './overview';
import { isPriceOverview } from './price-overview-guard';
import type { PriceOverview } from './types';

const overview: PriceOverview = {
  groups: [
    {
      id: 'PayInAdvance',
      header: 'Pay in advance',
      subtotal: 512.5,
      lines: [
        { name: 'Rent', amount: 480, text: '480.00', type: 'Normal', isDiscount: false },
        {
          name: 'Towels',
          amount: 32.5,
          text: '32.50',
          info: '2 × 3 × 4.25',
          detail: { factors: [2, 3], unitPrice: 4.25, date: '2027-01-10' },
          type: 'Normal',
          isDiscount: false,
        },
      ],
    },
    { id: 'Total', lines: [{ name: 'Total', amount: null, text: 'on request', type: 'Other', isDiscount: false }] },
  ],
  total: null,
};

type Mutation = [string, (copy: PriceOverview & Record<string, unknown>) => void];

// Each breaks one rule of the shape; the guard and the schema must agree on every one.
const mutations: Mutation[] = [
  ['no groups', (o) => void Reflect.deleteProperty(o, 'groups')],
  ['a total as text', (o) => void Object.assign(o, { total: '512.50' })],
  ['a group without lines', (o) => void Reflect.deleteProperty(o.groups[0]!, 'lines')],
  ['a numeric group id', (o) => void Object.assign(o.groups[0]!, { id: 7 })],
  ['a null header', (o) => void Object.assign(o.groups[0]!, { header: null })],
  ['an amount as text', (o) => void Object.assign(o.groups[0]!.lines[0]!, { amount: '480' })],
  ['no discount flag', (o) => void Reflect.deleteProperty(o.groups[0]!.lines[0]!, 'isDiscount')],
  ['a day that does not exist', (o) => void Object.assign(o.groups[0]!.lines[1]!.detail!, { date: '2027-02-30' })],
  ['a factor as text', (o) => void Object.assign(o.groups[0]!.lines[1]!.detail!, { factors: ['2'] })],
  ['lines that are no list', (o) => void Object.assign(o.groups[1]!, { lines: {} })],
  ['an extra key', (o) => void Object.assign(o, { currency: 'EUR' })],
];

describe('the price specification checked without zod', () => {
  it('accepts a specification the schema accepts', () => {
    expect(PriceOverviewSchema.safeParse(overview).success).toBe(true);
    expect(isPriceOverview(overview)).toBe(true);
  });

  it.each(mutations)('agrees with PriceOverviewSchema on %s', (_name, mutate) => {
    const copy = structuredClone(overview) as PriceOverview & Record<string, unknown>;
    mutate(copy);
    expect(isPriceOverview(copy)).toBe(PriceOverviewSchema.safeParse(copy).success);
  });

  it('refuses what is no specification at all', () => {
    for (const value of [null, undefined, 'total', [], { groups: 'none', total: 0 }]) {
      expect(isPriceOverview(value)).toBe(false);
    }
  });
});
