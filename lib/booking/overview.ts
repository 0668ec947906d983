import type { PriceOverview } from '@/lib/booking/types';

/** The partner's payment facts for a hold (from pre-register). */
export interface PaymentTerms {
  paymentBookingType: string | null;
  fullPayAmount: number | null;
  firstPayAmount: number | null;
  cancellationFundPossible: boolean;
  cancellationFund: number | null;
}

/** The overview step's state, as the server page reads it from the booking session. */
export type OverviewState =
  | {
      kind: 'held';
      holdExpiresAt: number;
      unitNumber: string | null;
      price: PriceOverview;
      terms: PaymentTerms;
    }
  /** No hold for this selection yet (none at all, or one made for another selection). */
  | { kind: 'needs_hold'; hadHold: boolean }
  | { kind: 'checking' }
  | { kind: 'finalized' };

/** The partner's quote for the current selection, previewed before the hold. */
export interface QuoteState {
  price: PriceOverview;
  stale: boolean;
}
