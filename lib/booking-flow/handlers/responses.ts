import 'server-only';
import type { BookingResult } from '@/lib/booking/types';
import { checkHeldUnit, type UnitCheck } from '@/lib/booking/held-unit';
import type { PaymentTerms } from '@/lib/booking/overview';
import { holdVersion } from '../records/booking-records';
import type { HeldSummary } from '../records/store';

/**
 * Bodies the booking routes answer with. The transactionId is never in them: it lives only in
 * the sealed session cookie, so no script in the page can read or replay it. The partner's price
 * specification is passed on as mapped domain data.
 */

/** A step either continues with a value or ends the request with a response. */
export type Step<T> = { ok: true; value: T } | { ok: false; response: Response };
export const stop = (response: Response): { ok: false; response: Response } => ({ ok: false, response });

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
  /** Whose rule the lapse time is: the park's (its answer named it) or the site's own limit. */
  holdSetBy: 'partner' | 'site';
  unit: { id: number; number: string } | null;
  price: HeldSummary['price'];
  terms: PaymentTerms;
  /** holdVersion(): what a finalize from the page that shows this hold names. */
  hold: string;
  /** Chosen preferences the held unit does not confirm (empty when it confirms them all). */
  unconfirmedPreferenceIds: number[];
  /** What the held unit confirms of the chosen preferences and the party's pets. */
  unitCheck: UnitCheck;
}

/** What the unit of a hold or booking confirms of the choice it was made for. */
export function heldUnitCheck(held: Pick<HeldSummary, 'unit' | 'preferenceIds' | 'party'>): UnitCheck {
  return checkHeldUnit(held.unit, held.preferenceIds, held.party.pets);
}

export function holdBody(held: HeldSummary): HoldBody {
  const unitCheck = heldUnitCheck(held);
  return {
    status: 'held',
    holdExpiresAt: new Date(held.holdExpiresAt).toISOString(),
    holdSetBy: held.holdSetBy,
    unit: held.unit ? { id: held.unit.id, number: held.unit.number } : null,
    price: held.price,
    terms: held.terms,
    hold: holdVersion(held),
    unconfirmedPreferenceIds: unitCheck.unconfirmed,
    unitCheck,
  };
}

/** Adds a Set-Cookie to a problem (or any) response. */
export function withCookie(res: Response, setCookie: string): Response {
  const headers = new Headers(res.headers);
  headers.append('set-cookie', setCookie);
  return new Response(res.body, { status: res.status, headers });
}
