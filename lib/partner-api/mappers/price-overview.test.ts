import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromCents } from '@/lib/booking/costs';
import { toPriceBreakdown } from '@/lib/booking/price-breakdown';
import { PRICE_SPECIFICATIONS } from '../fixtures/partner-payloads';
import { PriceItemSpecificationSchema } from '../schemas';
import { mapPriceLine, mapPriceOverview, parseAmount, parsePriceLineInfo } from './price-overview';

describe('parseAmount', () => {
  it.each([
    ['289.00', 289],
    ['289,00', 289],
    ['289', 289],
    ['289.5', 289.5],
    ['4,40', 4.4],
    ['1.234,50', 1234.5],
    ['1,234.50', 1234.5],
    ['1.234', 1234],
    ['1,234', 1234],
    ['1.234.567,89', 1234567.89],
    ['1 234,50', 1234.5],
    ['1\u00a0234,50', 1234.5],
    ['1\u202f234,50', 1234.5],
    ['-15.00', -15],
    ['-15,00', -15],
    ['\u221215,00', -15],
    ['€ 289,00', 289],
    ['€289.00', 289],
    ['289,00 €', 289],
    ['EUR 12.50', 12.5],
    ['-€ 15,00', -15],
    ['12,-', 12],
    ['0.125', 0.13],
    ['0,00', 0],
    ['-0,00', 0],
    [' 7.5 ', 7.5],
  ])('reads %j as %d', (text, expected) => {
    expect(parseAmount(text)).toBe(expected);
  });

  it.each([
    '',
    ' ',
    'op aanvraag',
    'n/a',
    '12.34.56,7.8',
    '1.2.3',
    '12,',
    '.50',
    '12 34',
    '1,23,45',
    '--5',
    '5-',
    '1e3',
    'NaN',
    null,
    undefined,
  ])('gives null for %j', (text) => {
    expect(parseAmount(text)).toBeNull();
  });

  it('reads every amount the way both conventions write it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
        const amount = fromCents(cents);
        const dutch = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 2 }).format(amount);
        const english = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2 }).format(amount);
        expect(parseAmount(dutch)).toBe(amount);
        expect(parseAmount(english)).toBe(amount);
        expect(parseAmount(amount.toFixed(2))).toBe(amount);
      }),
    );
  });
});

describe('mapPriceLine', () => {
  it('keeps unreadable amounts as text', () => {
    expect(mapPriceLine({ itemName: 'Borg', itemValue: 'op aanvraag', group: 'Deposit' })).toEqual({
      name: 'Borg',
      amount: null,
      text: 'op aanvraag',
      type: 'Normal',
      isDiscount: false,
    });
  });

  it('recognizes discounts by type or by sign', () => {
    expect(mapPriceLine({ itemName: 'Korting', itemValue: '15.00', itemType: 'Discount' }).isDiscount).toBe(
      true,
    );
    expect(mapPriceLine({ itemName: 'Korting', itemValue: '-15.00', itemType: null }).isDiscount).toBe(true);
    expect(mapPriceLine({ itemName: 'Huur', itemValue: '15.00', itemType: 'Normal' }).isDiscount).toBe(false);
  });
});

describe('mapPriceOverview', () => {
  it('groups the documented example in the documented order', () => {
    for (const item of PRICE_SPECIFICATIONS)
      expect(PriceItemSpecificationSchema.safeParse(item).success).toBe(true);
    const overview = mapPriceOverview(PRICE_SPECIFICATIONS);
    expect(overview.groups.map((g) => g.id)).toEqual([
      'PayInAdvance',
      'Deposit',
      'PayAtLocation',
      'Total',
      'Fees',
      'Other',
    ]);
    expect(overview.total).toBe(293.4);

    const [advance, deposit, atLocation, , fees, other] = overview.groups;
    expect(advance).toEqual({
      id: 'PayInAdvance',
      header: 'Vooruit te betalen',
      subtotal: 274,
      lines: [
        { name: 'Huur', amount: 289, text: '289,00', type: 'Normal', isDiscount: false },
        { name: 'Vroegboekkorting', amount: -15, text: '-15.00', type: 'Discount', isDiscount: true },
      ],
    });
    expect(deposit?.lines[0]).toMatchObject({ amount: null, text: 'op aanvraag' });
    expect(atLocation).toMatchObject({
      header: 'Ter plaatse te betalen',
      lines: [{ amount: 4.4, info: 'per persoon per nacht' }],
    });
    expect(atLocation).not.toHaveProperty('subtotal');
    expect(fees?.lines[0]).toMatchObject({ amount: 1234.5, type: 'Surcharge', isDiscount: false });
    expect(other?.lines[0]).not.toHaveProperty('info');
  });

  it('leaves out groups that only have a header', () => {
    const overview = mapPriceOverview([
      { itemName: 'Borg', itemValue: '', group: 'Deposit', isHeader: true },
    ]);
    expect(overview).toEqual({ groups: [], total: null });
  });

  it('keeps the partner total out of the price when its lines name no group', () => {
    // Every field is optional, `group` too: the same specification as the sandbox sends it, less
    // the groups. Read line by line, the Total would be one more cost and the price twice the stay.
    const lines = [
      { itemName: 'Pay in advance', itemValue: '380.50', isHeader: true },
      { itemName: 'Rent', itemValue: '340.50', isHeader: false },
      { itemName: 'Final cleaning', itemValue: '40.00', isHeader: false },
      { itemName: 'Pay at the park', itemValue: '28.95', isHeader: true },
      { itemName: 'Tourist tax', itemValue: '11.70', isHeader: false },
      { itemName: 'Energy', itemValue: '17.25', isHeader: false },
      { itemName: 'Total', itemValue: '409.45', isHeader: false },
    ];
    const overview = mapPriceOverview(lines);
    expect(overview.total).toBe(409.45);
    expect(overview.groups.map((g) => g.id)).toEqual(['Total', 'Other']);
    const other = overview.groups.find((g) => g.id === 'Other')!;
    // A header of its own group cannot title lines that may belong to another.
    expect(other).not.toHaveProperty('header');
    expect(other.lines.map((l) => l.name)).toEqual(['Rent', 'Final cleaning', 'Tourist tax', 'Energy']);
    expect(toPriceBreakdown(overview).price).toBe(409.45);

    // Only the Total line without its group: it is still the partner's total.
    const onlyTotal = mapPriceOverview([
      { itemName: 'Rent', itemValue: '300.00', group: 'PayInAdvance' },
      { itemName: 'Tourist tax', itemValue: '9.00', group: 'PayAtLocation' },
      { itemName: 'Total', itemValue: '309.00' },
    ]);
    expect(onlyTotal.total).toBe(309);
    expect(toPriceBreakdown(onlyTotal).price).toBe(309);

    // A line that does not add up the others is a cost like any other.
    const plain = mapPriceOverview([
      { itemName: 'Rent', itemValue: '300.00' },
      { itemName: 'Cleaning', itemValue: '40.00' },
    ]);
    expect(plain.total).toBeNull();
    expect(toPriceBreakdown(plain).price).toBe(340);
  });

  it('has no total when the Total line is unreadable or missing', () => {
    expect(
      mapPriceOverview([{ itemName: 'Totaal', itemValue: 'zie offerte', group: 'Total' }]).total,
    ).toBeNull();
    expect(mapPriceOverview(null)).toEqual({ groups: [], total: null });
  });
});

describe('parsePriceLineInfo', () => {
  it.each([
    ['2 × 4.25', { factors: [2], unitPrice: 4.25 }],
    ['2 × 3 × 12.50', { factors: [2, 3], unitPrice: 12.5 }],
    ['4 x 2 x 1,95', { factors: [4, 2], unitPrice: 1.95 }],
    ['€ 4,25', { unitPrice: 4.25 }],
    ['2 × 3', { factors: [2, 3] }],
    ['-10%', { percent: -10 }],
    ['-12,5 %', { percent: -12.5 }],
    ['(2027-01-10)', { date: '2027-01-10' }],
    ['2027-01-10', { date: '2027-01-10' }],
    ['2 × 4.25 (2027-01-10)', { factors: [2], unitPrice: 4.25, date: '2027-01-10' }],
    ['1\u00a0×\u00a04.25', { factors: [1], unitPrice: 4.25 }],
  ])('reads the partner detail %j into numbers and a day', (text, expected) => {
    expect(parsePriceLineInfo(text)).toEqual(expected);
  });

  it.each([
    ['2 nachten'],
    ['per persoon per nacht'],
    ['3'],
    ['2 × abc'],
    ['two × 4.25'],
    ['(2027-02-30)'],
    ['vanaf 2027-01-10 × 2'],
    [''],
  ])('leaves %j as text, since it cannot be read for certain', (text) => {
    expect(parsePriceLineInfo(text)).toBeNull();
  });

  it('keeps the partner text beside the detail it read from it', () => {
    const line = mapPriceLine({ itemName: 'Kinderbed', itemValue: '8.50', extrainfo: '2 × 4.25 (2027-01-10)' });
    expect(line).toMatchObject({
      info: '2 × 4.25 (2027-01-10)',
      detail: { factors: [2], unitPrice: 4.25, date: '2027-01-10' },
    });
    expect(mapPriceLine({ itemName: 'Huur', itemValue: '289.00', extrainfo: '2 nachten' })).not.toHaveProperty(
      'detail',
    );
  });
});
