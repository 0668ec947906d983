import 'server-only';
import { z } from 'zod';
import { getSiteEnv } from '@/lib/env';
import { guardPost } from '@/lib/http/guards';
import { errorResponse, problem, validationProblem } from '@/lib/http/problem';
import { getLogger } from '@/lib/log';
import { finalize } from '@/lib/partner-api';
import type { PartnerError } from '@/lib/partner-api/errors';
import { getGateway } from '@/lib/partner-api/gateway';
import { PAYMENT_TYPES } from '@/lib/partner-api/schemas';
import {
  HOLD_TTL_SECONDS,
  clearedSessionCookie,
  sessionCookie,
  sessionFromRequest,
  type BookingSession,
} from '@/lib/session/booking-session';
import { forgetHeld, readHeld, transactionDigest, writeDone, type HeldSummary } from './booking-records';
import {
  CHECKING_RESPONSE,
  UUID_V4,
  claimFinalize,
  completeFinalize,
  fingerprint,
  releaseFinalize,
  type StoredResponse,
} from './finalize-records';
import { asPartnerError } from './partner-errors';
import { checkRateLimit } from './rate-limit';
import { buildThankYouUrl, isAllowedPaymentUrl } from './redirects';
import { json, withCookie } from './responses';
import { BOOKED_TTL_MS, markTaken, releaseTaken } from './taken-units';

/**
 * POST /api/booking/finalize: confirms this session's hold with the chosen payment type,
 * exactly once (security checklist 7, 8, 10, 11, 12, 13). The transactionId comes only from the
 * sealed session; the Idempotency-Key header names the attempt; the partner is called at most
 * once per transaction and never again automatically; an ambiguous failure is answered
 * "checking" and raised for the operator.
 */

export const FinalizeBodySchema = z.strictObject({
  paymentType: z.enum(PAYMENT_TYPES),
  acceptTerms: z.literal(true, { error: 'terms_required' }),
  /** Never needed; accepted only to refuse an id that is not this session's (checklist 7). */
  transactionId: z.string().max(200).optional(),
});

/** Partner failures after which nothing was finalized, so the guest may try again. */
function isDefiniteFailure(err: PartnerError): boolean {
  return (
    err.notSent ||
    ['invalid_input', 'not_found', 'rate_limited', 'quota_exhausted', 'unauthorized', 'forbidden'].includes(
      err.code,
    )
  );
}

function paymentPolicy() {
  const { config } = getGateway();
  return { allowedOrigins: [config.baseUrl.origin], allowAnyHttps: config.mode === 'partner' };
}

function replay(stored: StoredResponse, cookie?: string): Response {
  return json(stored.body, { status: stored.status, ...(cookie ? { setCookie: cookie } : {}) });
}

async function finalizedCookie(session: BookingSession, now: number): Promise<string> {
  // Long enough to come back from the payment provider; the thank-you page closes it.
  return sessionCookie({ ...session, stage: 'finalized', holdExpiresAt: now + HOLD_TTL_SECONDS * 1000 }, now);
}

export async function handleFinalize(req: Request): Promise<Response> {
  const guarded = await guardPost(req);
  if (!guarded.ok) return guarded.response;
  const session = await sessionFromRequest(req);
  const limited = checkRateLimit('finalize', req, session?.sid);
  if (limited) return limited;

  const key = req.headers.get('idempotency-key');
  if (key === null) {
    return problem({
      status: 400,
      code: 'idempotency_key_missing',
      title: 'Send an Idempotency-Key header.',
    });
  }
  if (!UUID_V4.test(key)) {
    return problem({
      status: 400,
      code: 'idempotency_key_invalid',
      title: 'The Idempotency-Key must be a UUID v4.',
    });
  }
  const parsed = FinalizeBodySchema.safeParse(guarded.body);
  if (!parsed.success) return validationProblem(parsed.error);
  const body = parsed.data;
  if (body.transactionId !== undefined && body.transactionId !== session?.transactionId) {
    return problem({ status: 403, code: 'transaction_mismatch', title: 'This reservation is not yours.' });
  }
  if (!session) {
    return problem({ status: 409, code: 'no_booking_session', title: 'There is no reservation to confirm.' });
  }

  const store = getGateway().store;
  const scope = { sid: session.sid, transactionId: session.transactionId };
  const fp = fingerprint(body);
  const now = Date.now();
  const log = getLogger();

  try {
    const claim = await claimFinalize(store, scope, { key, fp }, now);
    switch (claim.kind) {
      case 'replay':
        return replay(
          claim.response,
          claim.response.status === 200 ? await finalizedCookie(session, now) : undefined,
        );
      case 'in_progress':
        return problem({
          status: 409,
          code: 'finalize_in_progress',
          title: 'This reservation is being confirmed.',
        });
      case 'key_reused':
        return problem({
          status: 422,
          code: 'idempotency_key_reused',
          title: 'This Idempotency-Key was used for another request.',
        });
      case 'already_finalized':
        return problem({
          status: 409,
          code: 'already_finalized',
          title: 'This reservation has been confirmed already.',
        });
      case 'acquired':
        break;
    }
    const request = { key, fp, ref: claim.ref };

    const held = await readHeld(session.sid);
    const usable = held && held.txn === transactionDigest(session.transactionId) ? held : null;
    if (body.paymentType === 'NowPartialPayment' && usable && usable.terms.firstPayAmount === null) {
      await releaseFinalize(store, scope, request);
      return problem({
        status: 422,
        code: 'payment_type_unavailable',
        title: 'Partial payment is not possible for this stay.',
      });
    }

    const env = getSiteEnv();
    const thankYouPageUrl = buildThankYouUrl(
      { siteUrl: env.SITE_URL, partnerThankYouUrl: env.PARTNER_THANK_YOU_URL },
      session.locale,
      claim.ref,
    );

    let result;
    try {
      result = await finalize(
        { transactionId: session.transactionId, paymentType: body.paymentType, thankYouPageUrl },
        session.locale,
      );
    } catch (caught) {
      const err = asPartnerError(caught);
      if (err && isDefiniteFailure(err)) {
        await releaseFinalize(store, scope, request);
        if (err.code === 'not_found') {
          await Promise.all([forgetHeld(session.sid), releaseTaken(session.houseId, session.sid)]);
          return withCookie(
            problem({ status: 410, code: 'hold_expired', title: 'The hold on this stay has expired.' }),
            clearedSessionCookie(),
          );
        }
        if (err.code === 'invalid_input') {
          return problem({
            status: 422,
            code: 'partner_rejected',
            title: 'The booking service did not accept this request.',
            errors: { partner: [...(err.fields ?? [])] },
          });
        }
        return errorResponse(err, 'booking.finalize');
      }
      // Sent, and no clear answer: the partner may have finalized. Never retried; the operator checks.
      await completeFinalize(store, scope, request, { state: 'unknown', response: CHECKING_RESPONSE });
      log.error(
        {
          event: 'booking.finalize_unknown',
          alert: 'operator',
          sid: session.sid,
          transactionId: session.transactionId,
          reference: claim.ref,
          code: err ? err.code : 'error',
        },
        'finalize outcome unknown: check this reservation with the partner',
      );
      return replay(CHECKING_RESPONSE);
    }

    const paymentUrl = result.paymentUrl;
    const goesToPayment = body.paymentType !== 'Later' && isAllowedPaymentUrl(paymentUrl, paymentPolicy());
    if (body.paymentType !== 'Later' && !goesToPayment) {
      log.warn(
        { event: 'booking.payment_url_refused', sid: session.sid, reference: claim.ref },
        'payment URL missing or not allowed',
      );
    }
    const status = body.paymentType === 'Later' ? 'confirmed' : 'awaiting_payment';
    const response: StoredResponse = {
      status: 200,
      body: { status, next: goesToPayment && paymentUrl ? paymentUrl : thankYouPageUrl },
    };
    await completeFinalize(store, scope, request, { state: 'done', response });
    await recordDone(session, usable, result, { ref: claim.ref, paymentType: body.paymentType, status, now });
    log.info(
      {
        event: 'booking.finalized',
        sid: session.sid,
        transactionId: session.transactionId,
        reference: claim.ref,
        paymentType: body.paymentType,
      },
      'reservation finalized',
    );
    return replay(response, await finalizedCookie(session, now));
  } catch (err) {
    return errorResponse(err, 'booking.finalize');
  }
}

async function recordDone(
  session: BookingSession,
  held: HeldSummary | null,
  result: Awaited<ReturnType<typeof finalize>>,
  info: {
    ref: string;
    paymentType: (typeof PAYMENT_TYPES)[number];
    status: 'confirmed' | 'awaiting_payment';
    now: number;
  },
): Promise<void> {
  if (!held) return;
  const unit = result.units[0] ?? held.unit;
  await writeDone(session.sid, {
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
    reservationCode: info.ref,
    paymentType: info.paymentType,
    status: info.status,
    finalizedAt: info.now,
  });
  if (unit) {
    await markTaken(held.houseId, {
      unitId: unit.id,
      start: held.startDate,
      end: held.endDate,
      until: info.now + BOOKED_TTL_MS,
      owner: `booked:${session.sid}`,
    });
    await releaseTaken(held.houseId, session.sid);
  }
}
