import { z } from 'zod';
import type { PriceOverview } from './types';

/**
 * What the booking page shows about a hold: the partner's payment terms and price, the state
 * of the overview step and the quote previewed before the hold. The server writes these, the
 * browser renders them.
 */

/** The partner's payment facts for a hold (from pre-register, kept with the hold). */
export const PaymentTermsSchema = z.object({
  paymentBookingType: z.string().nullable(),
  fullPayAmount: z.number().nullable(),
  firstPayAmount: z.number().nullable(),
  cancellationFundPossible: z.boolean(),
  cancellationFund: z.number().nullable(),
});
export type PaymentTerms = z.infer<typeof PaymentTermsSchema>;

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
