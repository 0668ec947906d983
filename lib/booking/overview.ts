import { lazySchema, z } from '@/lib/validation/zod-browser';
import { isCalendarDate } from './dates';
import type { HoldSetBy } from './hold-rule';
import type { PriceOverview } from './types';
import type { UnitCheck } from './held-unit';

/**
 * What the booking page shows about a hold: the partner's payment terms and price, the state
 * of the overview step and the quote previewed before the hold. The server writes these, the
 * browser renders them.
 */

/** A price line's detail (lib/booking/price-line-info) as kept in records between requests. */
export const PriceLineDetailSchema = lazySchema(() =>
  z.object({
    factors: z.array(z.number()).optional(),
    unitPrice: z.number().optional(),
    percent: z.number().optional(),
    date: z.string().refine(isCalendarDate).optional(),
  }),
);

/**
 * A price specification as the site writes it (lib/booking/types PriceOverview), checked where it
 * comes back: from the booking store, and from the site's own quote answer in the browser.
 */
export const PriceOverviewSchema = lazySchema(() => {
  const line = z.object({
    name: z.string(),
    amount: z.number().nullable(),
    text: z.string(),
    info: z.string().optional(),
    detail: PriceLineDetailSchema.optional(),
    type: z.string(),
    isDiscount: z.boolean(),
  });
  return z.object({
    groups: z.array(
      z.object({
        id: z.string(),
        header: z.string().optional(),
        subtotal: z.number().optional(),
        lines: z.array(line),
      }),
    ),
    total: z.number().nullable(),
  });
});

/** The partner's payment facts for a hold (from pre-register, kept with the hold). */
export const PaymentTermsSchema = lazySchema(() =>
  z.object({
    paymentBookingType: z.string().nullable(),
    fullPayAmount: z.number().nullable(),
    firstPayAmount: z.number().nullable(),
    cancellationFundPossible: z.boolean(),
    cancellationFund: z.number().nullable(),
  }),
);
export type PaymentTerms = z.infer<typeof PaymentTermsSchema>;

/** The overview step's state, as the server page reads it from the booking session. */
export type OverviewState =
  | {
      kind: 'held';
      holdExpiresAt: number;
      /** Whose rule holdExpiresAt is; absent reads as the site's own limit (see hold-rule). */
      holdSetBy?: HoldSetBy;
      unitNumber: string | null;
      /** What the held unit confirms of the chosen preferences and pets (lib/booking/held-unit). */
      unitCheck: UnitCheck;
      price: PriceOverview;
      terms: PaymentTerms;
      /** Names this hold as shown, for the Book button's finalize (see holdVersion). */
      version: string;
    }
  /** No hold for this selection yet (none at all, or one made for another selection). */
  | { kind: 'needs_hold'; hadHold: boolean }
  /**
   * A finalize of the hold got no answer or is still running: it may have booked. `hold` is the
   * held price and unit for this selection, still shown while the guest waits for the e-mail.
   */
  | { kind: 'checking'; hold: { price: PriceOverview; unitNumber: string | null } | null }
  | { kind: 'finalized' };

/**
 * This session has booked the stay the page is for: every step shows it as booked, with the
 * partner's reservation code, instead of offering it again.
 */
export interface BookedStayState {
  kind: 'booked';
  reservationCode: string;
}

/** The partner's quote for the current selection, previewed before the hold. */
export interface QuoteState {
  price: PriceOverview;
  stale: boolean;
}
