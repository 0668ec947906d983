import 'server-only';
import { z } from 'zod';
import { getSiteEnv } from '@/lib/env';
import { guardPost } from '@/lib/http/guards';
import { errorResponse, problem, validationProblem } from '@/lib/http/problem';
import { getLogger } from '@/lib/log';
import { finalize } from '@/lib/partner-api';
import { isPartnerError, type PartnerError } from '@/lib/partner-api/errors';
import { recordBookingStep } from '@/lib/metrics/registry';
import { countCampaignBooking } from '@/lib/metrics/campaigns';
import { getSafePaymentUrl } from '@/lib/partner-api/payment-url';
import { PAYMENT_TYPES } from '@/lib/partner-api/schemas';
import { LOCALES } from '@/lib/i18n/locales';
import {
  HOLD_TTL_SECONDS,
  clearedSessionCookie,
  sessionCookie,
  sessionFromRequest,
  type BookingSession,
} from '@/lib/session/booking-session';
import {
  forgetHeld,
  getBookingStore,
  holdVersion,
  readHeld,
  transactionDigest,
  writeDone,
  type DoneStatus,
  type DoneSummary,
  type HeldSummary,
} from '../records/booking-records';
import {
  CHECKING_RESPONSE,
  UUID_V4,
  claimFinalize,
  completeFinalize,
  fingerprint,
  releaseFinalize,
  type StoredResponse,
} from '../records/finalize-records';
import { checkClientLimit, checkSessionLimit } from '../rules/rate-limit';
import { buildThankYouUrl } from '../rules/redirects';
import { BOOKED_TTL_MS, markTaken, releaseTaken } from '../rules/taken-units';
import { json, withCookie } from './responses';

/**
 * POST /api/booking/finalize: confirms this session's hold with the chosen payment type,
 * exactly once. The transactionId comes only from the sealed session; the Idempotency-Key
 * header names the attempt. Three steps, each its own function below:
 *
 * 1. claim: read the request and take the transaction's idempotency record, so a double click,
 *    a retry or a second tab gets the stored answer instead of a second partner call;
 * 2. call: ask the partner once, never again automatically. A failure after which nothing can
 *    have been finalized frees the record; an ambiguous one is answered "checking" and raised
 *    for the operator, because a blind retry could book twice;
 * 3. record: store the answer for replays, what the thank-you page shows (with the landing
 *    link's campaign tags, which the log line and the campaign metrics carry too), and the unit
 *    as taken, then send the guest on to the payment page or the thank-you page.
 */

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
});
type FinalizeBody = z.output<typeof FinalizeBodySchema>;
type PaymentType = FinalizeBody['paymentType'];

/** A step either continues with a value or ends the request with a response. */
type Step<T> = { ok: true; value: T } | { ok: false; response: Response };
const stop = (response: Response): { ok: false; response: Response } => ({ ok: false, response });

/** One claimed finalize: this request holds the transaction's idempotency record. */
interface Attempt {
  session: BookingSession;
  paymentType: PaymentType;
  scope: { sid: string; transactionId: string };
  record: { key: string; fp: string };
  /** The session's hold, when it belongs to this transaction. */
  held: HeldSummary | null;
  thankYouPageUrl: string;
  now: number;
}

export async function handleFinalize(req: Request): Promise<Response> {
  const guarded = await guardPost(req);
  if (!guarded.ok) return guarded.response;
  const session = await sessionFromRequest(req);
  const sessionLimited = await checkSessionLimit('finalize', session?.sid);
  if (sessionLimited) return sessionLimited;
  const input = readFinalizeRequest(req, guarded.body, session);
  if (!input.ok) return input.response;
  // Counted only now: a request refused above spends nobody's budget.
  const clientLimited = await checkClientLimit('finalize', req);
  if (clientLimited) return clientLimited;
  try {
    const claimed = await claimAttempt(input.value, Date.now()).catch(unclaimed);
    if (!claimed.ok) return claimed.response;
    const called = await callPartner(claimed.value);
    if (!called.ok) return called.response;
    return await recordFinalized(claimed.value, called.value);
  } catch (err) {
    recordBookingStep('finalize', isPartnerError(err) ? err.code : 'error');
    return errorResponse(err, 'booking.finalize');
  }
}

/** The Idempotency-Key, the body and the session, or the answer that refuses them. */
function readFinalizeRequest(
  req: Request,
  raw: unknown,
  session: BookingSession | null,
): Step<{ key: string; body: FinalizeBody; session: BookingSession }> {
  const key = req.headers.get('idempotency-key');
  if (key === null) {
    return stop(
      problem({ status: 400, code: 'idempotency_key_missing', title: 'Send an Idempotency-Key header.' }),
    );
  }
  if (!UUID_V4.test(key)) {
    return stop(
      problem({
        status: 400,
        code: 'idempotency_key_invalid',
        title: 'The Idempotency-Key must be a UUID v4.',
      }),
    );
  }
  const parsed = FinalizeBodySchema.safeParse(raw);
  if (!parsed.success) return stop(validationProblem(parsed.error));
  const body = parsed.data;
  if (body.transactionId !== undefined && body.transactionId !== session?.transactionId) {
    return stop(
      problem({ status: 403, code: 'transaction_mismatch', title: 'This reservation is not yours.' }),
    );
  }
  if (!session) {
    return stop(
      problem({ status: 409, code: 'no_booking_session', title: 'There is no reservation to confirm.' }),
    );
  }
  return { ok: true, value: { key, body, session } };
}

/**
 * Step 1 failed on something other than the partner: the shared store unreachable (a Redis
 * restart), most likely. Nothing was sent to the partner, so the guest may simply try again: the
 * answer says so (503 with Retry-After), not "something went wrong".
 */
function unclaimed(err: unknown): Step<never> {
  if (isPartnerError(err)) throw err;
  getLogger().error(
    {
      context: 'booking.finalize',
      err: err instanceof Error ? { name: err.name, message: err.message } : 'unknown',
    },
    'booking store unreachable: finalize not sent to the partner',
  );
  recordBookingStep('finalize', 'unavailable');
  return stop(
    problem({
      status: 503,
      code: 'unavailable',
      title: 'The booking service is unavailable. Please retry shortly.',
      retryAfterSeconds: 5,
    }),
  );
}

/** Step 1: take the idempotency record, or answer from it. */
async function claimAttempt(
  input: { key: string; body: FinalizeBody; session: BookingSession },
  now: number,
): Promise<Step<Attempt>> {
  const { key, body, session } = input;
  const store = getBookingStore();
  const scope = { sid: session.sid, transactionId: session.transactionId };
  const fp = fingerprint(body);
  const claim = await claimFinalize(store, scope, { key, fp }, now);
  switch (claim.kind) {
    case 'replay':
      return stop(
        replay(
          claim.response,
          claim.response.status === 200 ? await finalizedCookie(session, now) : undefined,
        ),
      );
    case 'lost':
      // Its instance ended after the partner may have been asked: as after a finalize that got no
      // answer, nobody knows whether it booked, and only the operator can find out.
      getLogger().error(
        {
          event: 'booking.finalize_unknown',
          alert: 'operator',
          sid: session.sid,
          transactionId: session.transactionId,
          code: 'lost',
        },
        'finalize outcome unknown: its request was lost with its instance; check this reservation with the partner',
      );
      recordBookingStep('finalize', 'unknown');
      return stop(replay(claim.response));
    case 'in_progress':
      return stop(
        problem({ status: 409, code: 'finalize_in_progress', title: 'This reservation is being confirmed.' }),
      );
    case 'key_reused':
      return stop(
        problem({
          status: 422,
          code: 'idempotency_key_reused',
          title: 'This Idempotency-Key was used for another request.',
        }),
      );
    case 'already_finalized':
      return stop(
        problem({
          status: 409,
          code: 'already_finalized',
          title: 'This reservation has been confirmed already.',
        }),
      );
    case 'acquired':
      break;
  }
  const record = { key, fp };

  const stored = await readHeld(session.sid);
  const held = stored && stored.txn === transactionDigest(session.transactionId) ? stored : null;
  // Checked only once the claim is taken: a retry of a finalize that succeeded (its hold record
  // is gone by then) must get its stored answer above, not this refusal.
  if (body.hold !== undefined && (held === null || holdVersion(held) !== body.hold)) {
    await releaseFinalize(store, scope, record);
    recordBookingStep('finalize', 'hold_changed');
    return stop(
      problem({
        status: 409,
        code: 'hold_changed',
        title: 'This reservation was changed in another tab or window; nothing was booked.',
      }),
    );
  }
  if (body.paymentType === 'NowPartialPayment' && held && held.terms.firstPayAmount === null) {
    await releaseFinalize(store, scope, record);
    return stop(
      problem({
        status: 422,
        code: 'payment_type_unavailable',
        title: 'Partial payment is not possible for this stay.',
      }),
    );
  }

  const env = getSiteEnv();
  // No booking reference in the address: the code is the partner's, known only after finalize,
  // and the thank-you page reads the booking from the server-side record anyway.
  const thankYouPageUrl = buildThankYouUrl(
    { siteUrl: env.SITE_URL, partnerThankYouUrl: env.PARTNER_THANK_YOU_URL },
    body.locale ?? session.locale,
  );
  return {
    ok: true,
    value: { session, paymentType: body.paymentType, scope, record, held, thankYouPageUrl, now },
  };
}

type FinalizeResult = Awaited<ReturnType<typeof finalize>>;

/** Step 2: the one partner call, and what each way it can fail leaves behind. */
async function callPartner(attempt: Attempt): Promise<Step<FinalizeResult>> {
  const { session, scope, record } = attempt;
  const store = getBookingStore();
  try {
    const result = await finalize(
      {
        transactionId: session.transactionId,
        paymentType: attempt.paymentType,
        thankYouPageUrl: attempt.thankYouPageUrl,
      },
      session.locale,
    );
    return { ok: true, value: result };
  } catch (caught) {
    const err = isPartnerError(caught) ? caught : null;
    if (err && isDefiniteFailure(err)) {
      recordBookingStep('finalize', err.code);
      await releaseFinalize(store, scope, record);
      if (err.code === 'not_found') {
        await Promise.all([forgetHeld(session.sid), releaseTaken(session.houseId, session.sid)]);
        return stop(
          withCookie(
            problem({ status: 410, code: 'hold_expired', title: 'The hold on this stay has expired.' }),
            clearedSessionCookie(),
          ),
        );
      }
      if (err.code === 'invalid_input') {
        return stop(
          problem({
            status: 422,
            code: 'partner_rejected',
            title: 'The booking service did not accept this request.',
            errors: { partner: [...(err.fields ?? [])] },
          }),
        );
      }
      return stop(errorResponse(err, 'booking.finalize'));
    }
    // Sent, and no clear answer: the partner may have finalized. Never retried; the operator checks.
    await completeFinalize(store, scope, record, { state: 'unknown', response: CHECKING_RESPONSE });
    getLogger().error(
      {
        event: 'booking.finalize_unknown',
        alert: 'operator',
        sid: session.sid,
        transactionId: session.transactionId,
        code: err ? err.code : 'error',
      },
      'finalize outcome unknown: check this reservation with the partner',
    );
    recordBookingStep('finalize', 'unknown');
    return stop(replay(CHECKING_RESPONSE));
  }
}

/** Step 3: keep the answer for replays and the booking for the thank-you page; send the guest on. */
async function recordFinalized(attempt: Attempt, result: FinalizeResult): Promise<Response> {
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
  await completeFinalize(getBookingStore(), attempt.scope, record, { state: 'done', response });
  const booking = await recordDone(attempt, result, done, reservationCode);
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

/** Partner failures after which nothing was finalized, so the guest may try again. */
function isDefiniteFailure(err: PartnerError): boolean {
  return (
    err.notSent ||
    ['invalid_input', 'not_found', 'rate_limited', 'quota_exhausted', 'unauthorized', 'forbidden'].includes(
      err.code,
    )
  );
}

function replay(stored: StoredResponse, cookie?: string): Response {
  return json(stored.body, { status: stored.status, ...(cookie ? { setCookie: cookie } : {}) });
}

async function finalizedCookie(session: BookingSession, now: number): Promise<string> {
  // Long enough to come back from the payment provider, and for every page of the booked stay
  // (a reload, Back, a second tab) to show it as booked; it is not renewed.
  return sessionCookie({ ...session, stage: 'finalized', holdExpiresAt: now + HOLD_TTL_SECONDS * 1000 }, now);
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
