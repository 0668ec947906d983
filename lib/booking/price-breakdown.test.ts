import { describe, expect, it } from 'vitest';
import { addAdvanceLines, pricedLine, toPriceBreakdown } from './price-breakdown';
import type { PriceLine, PriceOverview } from './types';

const line = (name: string, amount: number | null, text = String(amount)): PriceLine => ({
  name,
  amount,
  text,
  type: amount !== null && amount < 0 ? 'Discount' : 'Normal',
  isDiscount: amount !== null && amount < 0,
});

/** The shape of the reported stay: €192 for two nights, €20 of it at the park, a €150 deposit. */
const stay: PriceOverview = {
  groups: [
    {
      id: 'PayInAdvance',
      header: 'Pay in advance',
      subtotal: 172,
      lines: [line('Rent', 149.5), line('Final cleaning', 45), line('Early booking', -22.5)],
    },
    { id: 'Deposit', lines: [line('Damage deposit', 150)] },
    { id: 'PayAtLocation', lines: [line('Tourist tax', 8.8), line('Energy', 11.2)] },
    { id: 'Total', lines: [line('Total', 342)] },
  ],
  total: 342,
};

describe('the price breakdown every price is shown in', () => {
  it('prices the stay as what is paid in advance plus what is paid at the park, the deposit apart', () => {
    const b = toPriceBreakdown(stay);
    expect(b.advance?.total).toBe(172);
    expect(b.atPark?.total).toBe(20);
    expect(b.deposit?.total).toBe(150);
    expect(b.price).toBe(192);
  });

  it('adds the chosen extras to what is paid in advance and to the price, never to the deposit', () => {
    const b = addAdvanceLines(toPriceBreakdown(stay), [pricedLine('2 × Baby cot', 20)]);
    expect(b.price).toBe(212);
    expect(b.advance?.total).toBe(192);
    expect(b.advance?.lines.at(-1)).toMatchObject({ name: '2 × Baby cot', amount: 20 });
    expect(b.deposit?.total).toBe(150);
    expect(b.partnerTotal).toBeNull();
  });

  it('sums in cents, so many small lines do not drift', () => {
    const b = addAdvanceLines(
      toPriceBreakdown({ groups: [{ id: 'PayInAdvance', lines: [line('Rent', 0.1)] }], total: null }),
      [pricedLine('a', 0.2)],
    );
    expect(b.price).toBe(0.3);
  });

  it('falls back to the group subtotal, and otherwise to the partner total, when an amount is unreadable', () => {
    const b = toPriceBreakdown({
      groups: [
        { id: 'PayInAdvance', subtotal: 100, lines: [line('Rent', null, 'on request')] },
        { id: 'PayAtLocation', lines: [line('Tourist tax', null, 'per person')] },
        { id: 'Total', lines: [line('Total', null, 'see park')] },
      ],
      total: null,
    });
    expect(b.advance?.total).toBe(100);
    expect(b.atPark?.total).toBeNull();
    expect(b.price).toBeNull();
    expect(b.partnerTotal).toEqual({ amount: null, text: 'see park' });
  });

  it('counts a group the partner has not documented in the price, under its own title', () => {
    const b = toPriceBreakdown({
      groups: [
        { id: 'PayInAdvance', lines: [line('Rent', 100)] },
        { id: 'Insurance', header: 'Travel insurance', lines: [line('Insurance', 12.5)] },
      ],
      total: null,
    });
    expect(b.other).toHaveLength(1);
    expect(b.other[0]).toMatchObject({ header: 'Travel insurance', total: 12.5 });
    expect(b.price).toBe(112.5);
  });

  it('has no price when the partner sent no lines at all', () => {
    expect(toPriceBreakdown({ groups: [], total: null }).price).toBeNull();
  });
});
