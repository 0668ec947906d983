import { describe, expect, it } from 'vitest';
import type { PaymentTerms } from '@/lib/booking/overview';
import { keepPaymentChoice, listPaymentChoices } from './payment-options';

const terms = (over: Partial<PaymentTerms> = {}): PaymentTerms => ({
  paymentBookingType: null,
  fullPayAmount: 930.3,
  firstPayAmount: 279.09,
  cancellationFundPossible: true,
  cancellationFund: 25,
  ...over,
});

describe('listPaymentChoices', () => {
  it('offers a part payment only when the partner names both the first and the full amount', () => {
    expect(listPaymentChoices(terms())).toEqual(['Later', 'NowFullAmount', 'NowPartialPayment']);
    expect(listPaymentChoices(terms({ firstPayAmount: null }))).toEqual(['Later', 'NowFullAmount']);
    expect(listPaymentChoices(terms({ fullPayAmount: null }))).toEqual(['Later', 'NowFullAmount']);
  });
});

describe('keepPaymentChoice', () => {
  it('keeps every choice the re-priced hold still offers', () => {
    for (const choice of ['Later', 'NowFullAmount', 'NowPartialPayment'] as const) {
      expect(keepPaymentChoice(choice, terms({ fullPayAmount: 955.3, firstPayAmount: 286.59 }))).toBe(choice);
    }
  });

  it('drops a part payment the re-priced hold no longer offers, so the guest chooses again', () => {
    expect(keepPaymentChoice('NowPartialPayment', terms({ firstPayAmount: null }))).toBeNull();
    expect(keepPaymentChoice('NowFullAmount', terms({ firstPayAmount: null }))).toBe('NowFullAmount');
  });

  it('keeps no choice when none was made', () => {
    expect(keepPaymentChoice(null, terms())).toBeNull();
  });
});
