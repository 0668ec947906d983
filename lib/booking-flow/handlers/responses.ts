import 'server-only';
import type { BookingResult } from '@/lib/booking/types';
import type { PaymentTerms } from '@/lib/booking/overview';
import { holdVersion, type HeldSummary } from '../records/booking-records';

/**
 * Bodies the booking routes answer with. The transactionId is never in them: it lives only in
 * the sealed session cookie, so no script in the page can read or replay it. The partner's price
 * specification is passed on as mapped domain data.
 */

export function paymentTerms(result: BookingResult): PaymentTerms {
  return {
    paymentBookingType: result.paymentBookingType,
    fullPayAmount: result.fullPayAmount,
    firstPayAmount: result.firstPayAmount,
    cancellationFundPossible: result.cancellationFundPossible,
    cancellationFund: result.cancellationFund,
  };
}

export interface HoldBody {
  status: 'held';
  holdExpiresAt: string;
  unit: { id: number; number: string } | null;
  price: HeldSummary['price'];
  terms: PaymentTerms;
  /** holdVersion(): what a finalize from the page that shows this hold names. */
  hold: string;
}

export function holdBody(held: HeldSummary): HoldBody {
  return {
    status: 'held',
    holdExpiresAt: new Date(held.holdExpiresAt).toISOString(),
    unit: held.unit ? { id: held.unit.id, number: held.unit.number } : null,
    price: held.price,
    terms: held.terms,
    hold: holdVersion(held),
  };
}

export function json(body: unknown, init: { status?: number; setCookie?: string } = {}): Response {
  const headers = new Headers({ 'cache-control': 'no-store' });
  if (init.setCookie) headers.append('set-cookie', init.setCookie);
  return Response.json(body, { status: init.status ?? 200, headers });
}

/** Adds a Set-Cookie to a problem (or any) response. */
export function withCookie(res: Response, setCookie: string): Response {
  const headers = new Headers(res.headers);
  headers.append('set-cookie', setCookie);
  return new Response(res.body, { status: res.status, headers });
}
