import { describe, expect, it } from 'vitest';
import { ARRIVAL_PRICE_POLL } from '@/lib/pages/house-queries';
import { arrivalsToPrice, dayPricesFrom } from './use-day-prices';

const TODAY = '2027-01-10';
const FEBRUARY = Array.from({ length: 28 }, (_, i) => `2027-02-${String(i + 1).padStart(2, '0')}`);

describe('the arrival days a calendar asks prices for', () => {
  it('asks for the days nearest the guest’s arrival first, the earlier of two as near', () => {
    expect(arrivalsToPrice(FEBRUARY, '2027-02', TODAY, '2027-02-14').slice(0, 5)).toEqual([
      '2027-02-14',
      '2027-02-13',
      '2027-02-15',
      '2027-02-12',
      '2027-02-16',
    ]);
  });

  it('asks from the month’s edge nearest an arrival in another month, and only for the month shown', () => {
    const days = arrivalsToPrice([...FEBRUARY, '2027-03-01'], '2027-02', TODAY, '2027-03-05');
    expect(days).toHaveLength(28);
    expect(days.slice(0, 2)).toEqual(['2027-02-28', '2027-02-27']);
  });

  it('asks in calendar order when the guest has no arrival, chosen or suggested', () => {
    expect(arrivalsToPrice(FEBRUARY, '2027-02', TODAY, undefined)).toEqual(FEBRUARY);
  });
});

describe('the calendar’s view of an arrival-prices answer', () => {
  const answer = {
    nights: 3,
    prices: [
      { date: '2027-02-05', state: 'priced', total: 512 },
      { date: '2027-02-06', state: 'pending' },
      { date: '2027-02-07', state: 'unavailable' },
    ],
    cheapest: '2027-02-05',
  } as const;
  const view = (asks: number) => dayPricesFrom({ ...answer, prices: [...answer.prices] }, 3, asks);

  it('shows a placeholder under a pending day during the calendar’s quick asks, and the lowest day so far', () => {
    const prices = view(ARRIVAL_PRICE_POLL.quickAsks - 1);
    expect([...prices.pending]).toEqual(['2027-02-06']);
    expect(prices).toMatchObject({ missing: false, cheapest: '2027-02-05' });
  });

  it('once the quick asks are over, leaves a pending day bare, says days are missing and names no lowest day', () => {
    const prices = view(ARRIVAL_PRICE_POLL.quickAsks);
    expect(prices.pending.size).toBe(0);
    expect(prices).toMatchObject({ missing: true, cheapest: null });
    expect(prices.totals.get('2027-02-05')).toBe(512);
  });

  it('names the lowest day when every day asked for has an answer, however many asks it took', () => {
    const settled = dayPricesFrom({ ...answer, prices: [answer.prices[0], answer.prices[2]] }, 3, 99);
    expect(settled).toMatchObject({ missing: false, cheapest: '2027-02-05' });
  });
});
