import type { PaymentTerms } from '@/lib/booking/overview';
import type { PaymentChoice } from './booking-api';

const PAYMENT_CHOICES: readonly PaymentChoice[] = ['Later', 'NowFullAmount', 'NowPartialPayment'];

/** Whether a value (read back from the tab's storage) is one of the ways to pay. */
export function isPaymentChoice(value: unknown): value is PaymentChoice {
  return typeof value === 'string' && (PAYMENT_CHOICES as readonly string[]).includes(value);
}

/**
 * The ways to pay a hold offers: later and the full amount always (the partner may not name the
 * amount), a part now only when the partner gives both the first and the full amount.
 */
export function listPaymentChoices(terms: PaymentTerms): PaymentChoice[] {
  const choices: PaymentChoice[] = ['Later', 'NowFullAmount'];
  if (terms.firstPayAmount !== null && terms.fullPayAmount !== null) choices.push('NowPartialPayment');
  return choices;
}

/**
 * The guest's payment choice after the hold was re-priced (the cancellation fund ticked or not):
 * kept while the new terms still offer it, so a re-price never silently un-chooses it; gone when
 * they do not, so the guest chooses again instead of booking with an option no longer offered.
 */
export function keepPaymentChoice(chosen: PaymentChoice | null, terms: PaymentTerms): PaymentChoice | null {
  return chosen !== null && listPaymentChoices(terms).includes(chosen) ? chosen : null;
}
