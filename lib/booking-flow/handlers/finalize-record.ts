import 'server-only';
import { unitMismatch } from '@/lib/booking/held-unit';
import { recordLedgerBooking } from '@/lib/ledger/ledger';
import { getLogger } from '@/lib/log';
import { countCampaignBooking } from '@/lib/metrics/campaigns';
import { recordBookingStep } from '@/lib/metrics/registry';
import { getSafePaymentUrl } from '@/lib/partner-api/payment-url';
import { completeFinalize } from '../records/finalize-records';
import { writeDone, type DoneStatus, type DoneSummary, type StoredResponse } from '../records/store';
import { BOOKED_TTL_MS, markTaken, releaseTaken } from '../rules/taken-units';
import { finalizedCookie, replay, type Attempt, type FinalizeResult } from './finalize-attempt';
import { heldUnitCheck } from './responses';

/**
 * Step 3 of a finalize: keep the answer for replays and the booking for the thank-you page, tell
 * the operator when the booked unit does not fit the guest's choice, and send the guest on.
 */

/** Step 3: keep the answer for replays and the booking for the thank-you page; send the guest on. */
export async function recordFinalized(attempt: Attempt, result: FinalizeResult): Promise<Response> {
  const { session, paymentType, record, now } = attempt;
  const log = getLogger();
  const reservationCode = partnerReservationCode(result, session.transactionId);
  const paymentUrl = paymentType === 'Later' ? null : getSafePaymentUrl(result.paymentUrl);
  const goesToPayment = paymentUrl !== null;
  if (paymentType !== 'Later' && !goesToPayment) {
    log.warn(
      { event: 'booking.payment_url_refused', sid: session.sid, reservationCode },
      'payment URL missing or not allowed: the partner e-mails the payment instructions',
    );
  }
  // Without a payment page the booking is still made: the guest is told it is confirmed and
  // that the partner's e-mail says how to pay, never sent to a dead end.
  const done: DoneStatus =
    paymentType === 'Later' ? 'confirmed' : goesToPayment ? 'awaiting_payment' : 'payment_follows';
  const status = done === 'awaiting_payment' ? 'awaiting_payment' : 'confirmed';
  const response: StoredResponse = {
    status: 200,
    body: { status, next: goesToPayment && paymentUrl ? paymentUrl : attempt.thankYouPageUrl },
  };
  await completeFinalize(attempt.scope, record, { state: 'done', response });
  const booking = await recordDone(attempt, result, done, reservationCode);
  if (booking) await recordLedgerBooking(booking, { language: session.locale });
  log.info(
    {
      event: 'booking.finalized',
      sid: session.sid,
      transactionId: session.transactionId,
      reservationCode,
      paymentType,
      status: done,
      campaign: booking?.campaign,
    },
    'reservation finalized',
  );
  recordBookingStep('finalize', status);
  countCampaignBooking(booking?.campaign, booking ? bookedValue(booking) : null);
  return replay(response, await finalizedCookie(session, now));
}

/**
 * The code the park knows the reservation by: the partner's reservation number when its answer
 * carries one, else the transactionId, which finalize has just turned into the reservation code.
 */
function partnerReservationCode(result: FinalizeResult, transactionId: string): string {
  return result.reservationNumber ?? transactionId;
}

/** What a booking is worth: the partner's total, else the full amount of its payment terms. */
function bookedValue(booking: DoneSummary): number | null {
  return booking.price.total ?? booking.terms.fullPayAmount;
}

/**
 * What the thank-you page shows, and the booked unit kept out of cached availability. Returns the
 * record written, or null when the session's hold was not found (nothing to show then).
 */
async function recordDone(
  attempt: Attempt,
  result: FinalizeResult,
  status: DoneStatus,
  reservationCode: string,
): Promise<DoneSummary | null> {
  const { session, held, now } = attempt;
  if (!held) return null;
  const unit = result.units[0] ?? held.unit;
  const booking: DoneSummary = {
    v: 1,
    houseId: held.houseId,
    houseName: held.houseName,
    startDate: held.startDate,
    endDate: held.endDate,
    party: held.party,
    cancellationFund: held.cancellationFund,
    preferenceIds: held.preferenceIds,
    unit,
    price: result.priceOverview.groups.length > 0 ? result.priceOverview : held.price,
    terms: {
      paymentBookingType: result.paymentBookingType ?? held.terms.paymentBookingType,
      fullPayAmount: result.fullPayAmount ?? held.terms.fullPayAmount,
      firstPayAmount: result.firstPayAmount ?? held.terms.firstPayAmount,
      cancellationFundPossible: held.terms.cancellationFundPossible,
      cancellationFund: held.terms.cancellationFund,
    },
    txn: held.txn,
    reservationCode,
    paymentType: attempt.paymentType,
    status,
    finalizedAt: now,
    campaign: held.campaign,
  };
  await writeDone(session.sid, booking);
  reportUnconfirmedPreferences(booking);
  if (unit) {
    await markTaken(held.houseId, {
      unitId: unit.id,
      start: held.startDate,
      end: held.endDate,
      until: now + BOOKED_TTL_MS,
      owner: `booked:${session.sid}`,
    });
    await releaseTaken(held.houseId, session.sid);
  }
  return booking;
}

/**
 * A booking whose unit, as the partner reports it, does not offer a chosen preference or takes no
 * pets for a party with pets: the operator takes it up with the park. Preferences nobody confirmed
 * (the partner said nothing about the unit) are noted without an alert.
 */
function reportUnconfirmedPreferences(booking: DoneSummary): void {
  const check = heldUnitCheck(booking);
  if (check.unconfirmed.length === 0 && check.pets !== 'refused' && check.pets !== 'unconfirmed') return;
  const fields = {
    event: 'booking.preferences_unconfirmed',
    reservationCode: booking.reservationCode,
    houseId: booking.houseId,
    unitId: booking.unit?.id ?? null,
    unconfirmedPreferenceIds: check.unconfirmed,
    lackingPreferenceIds: check.lacking,
    pets: check.pets,
  };
  if (unitMismatch(check)) {
    getLogger().error(
      { ...fields, alert: 'operator' },
      'booked unit does not offer what the guest chose: take it up with the park',
    );
  } else {
    getLogger().info(fields, 'booked with preferences the partner did not confirm');
  }
}
