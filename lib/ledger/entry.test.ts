import { describe, expect, it } from 'vitest';
import { ledgerRowOf, LedgerRowSchema, type FinalizedBooking } from './entry';

const booking: FinalizedBooking = {
  reservationCode: 'R-1001',
  houseId: 12,
  houseName: 'Dune house',
  startDate: '2027-05-01',
  endDate: '2027-05-08',
  party: { adults: 2, child0002: 1, child0304: 0, child0512: 2, child1317: 0, pets: 1 },
  price: { total: null },
  terms: { fullPayAmount: 812.5, firstPayAmount: 200 },
  paymentType: 'NowPartialPayment',
  status: 'awaiting_payment',
  finalizedAt: Date.parse('2027-04-01T10:00:00Z'),
  campaign: { utm_source: 'news', cid: 'p42' },
};

describe('a booking as the ledger keeps it', () => {
  it('keeps counts, amounts, tags and the language, and the full amount as the value when the partner named no total', () => {
    expect(ledgerRowOf(booking, { language: 'de' })).toEqual({
      reservation_code: 'R-1001',
      house_id: 12,
      house_name: 'Dune house',
      park_id: null,
      arrival: '2027-05-01',
      departure: '2027-05-08',
      adults: 2,
      children: 3,
      pets: 1,
      total_amount: 812.5,
      first_pay_amount: 200,
      currency: null,
      payment_type: 'NowPartialPayment',
      status: 'awaiting_payment',
      utm_source: 'news',
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      cid: 'p42',
      language: 'de',
      finalized_at: '2027-04-01T10:00:00.000Z',
    });
  });

  it('reads an entry with only the reservation code and time, every other field unknown', () => {
    expect(
      LedgerRowSchema.parse({ reservation_code: 'R-1', finalized_at: '2027-04-01T10:00:00.000Z' }),
    ).toMatchObject({
      house_id: null,
      total_amount: null,
      utm_source: null,
    });
  });
});
