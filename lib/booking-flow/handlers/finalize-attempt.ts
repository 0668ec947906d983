import 'server-only';
import { z } from 'zod';
import { LOCALES } from '@/lib/i18n/locales';
import type { finalize } from '@/lib/partner-api';
import { PAYMENT_TYPES } from '@/lib/partner-api/schemas';
import { HOLD_TTL_SECONDS, sessionCookie, type BookingSession } from '@/lib/session/booking-session';
import type { HeldSummary, StoredResponse } from '../records/store';
import { json } from '@/lib/http/json';

/** The finalize request, and what its steps (./finalize.ts, ./finalize-record.ts) hand each other. */

export const FinalizeBodySchema = z.strictObject({
  paymentType: z.enum(PAYMENT_TYPES),
  acceptTerms: z.literal(true, { error: 'terms_required' }),
  /** Never needed; accepted only to refuse an id that is not this session's own. */
  transactionId: z.string().max(200).optional(),
  /**
   * The hold the guest's page shows (holdVersion, from the overview): a hold another tab of the
   * same browser has replaced or re-priced since is not confirmed. The site's pages always send
   * it; without it, the session's current hold is confirmed.
   */
  hold: z
    .string()
    .regex(/^[a-f0-9]{32}$/)
    .optional(),
  /**
   * The language of the page the guest books on, for the thank-you page (and the partner's
   * payment page's way back to it). The guest may have switched language since the hold; without
   * it, the hold's language is used.
   */
  locale: z.enum(LOCALES).optional(),
  /**
   * The guest has seen that the unit the partner holds does not offer a chosen preference (or
   * takes no pets) and books it anyway. Without it such a hold is not confirmed.
   */
  acceptUnitMismatch: z.literal(true).optional(),
});

export type FinalizeBody = z.output<typeof FinalizeBodySchema>;
type PaymentType = FinalizeBody['paymentType'];

/** One claimed finalize: this request holds the transaction's idempotency record. */
export interface Attempt {
  session: BookingSession;
  paymentType: PaymentType;
  scope: { sid: string; transactionId: string };
  record: { key: string; fp: string };
  /** The session's hold, when it belongs to this transaction. */
  held: HeldSummary | null;
  thankYouPageUrl: string;
  now: number;
}
export type FinalizeResult = Awaited<ReturnType<typeof finalize>>;
export function replay(stored: StoredResponse, cookie?: string): Response {
  return json(stored.body, { status: stored.status, ...(cookie ? { setCookie: cookie } : {}) });
}

export async function finalizedCookie(session: BookingSession, now: number): Promise<string> {
  // Long enough to come back from the payment provider, and for every page of the booked stay
  // (a reload, Back, a second tab) to show it as booked; it is not renewed.
  return sessionCookie({ ...session, stage: 'finalized', holdExpiresAt: now + HOLD_TTL_SECONDS * 1000 }, now);
}
