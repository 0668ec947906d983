import 'server-only';
import { getSiteEnv } from '@/lib/env';
import { guardPost } from '@/lib/http/guards';
import { errorResponse, problem, validationProblem } from '@/lib/http/problem';
import { getLogger } from '@/lib/log';
import { finalize } from '@/lib/partner-api';
import { isPartnerError, type PartnerError } from '@/lib/partner-api/errors';
import { recordBookingStep } from '@/lib/metrics/registry';
import { clearedSessionCookie, sessionFromRequest, type BookingSession } from '@/lib/session/booking-session';
import { holdVersion } from '../records/booking-records';
import { forgetHeld, readHeld, transactionDigest } from '../records/store';
import {
  CHECKING_RESPONSE,
  UUID_V4,
  claimFinalize,
  completeFinalize,
  fingerprint,
  releaseFinalize,
} from '../records/finalize-records';
import { checkClientLimit, checkSessionLimit } from '../rules/rate-limit';
import { buildThankYouUrl } from '../rules/redirects';
import { releaseTaken } from '../rules/taken-units';
import { unitMismatch } from '@/lib/booking/held-unit';
import { heldUnitCheck, stop, withCookie, type Step } from './responses';

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

import {
  FinalizeBodySchema,
  finalizedCookie,
  replay,
  type Attempt,
  type FinalizeBody,
  type FinalizeResult,
} from './finalize-attempt';
import { recordFinalized } from './finalize-record';

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

/** The partner may or may not have finalized: only the operator can find out. */
function outcomeUnknown(session: BookingSession, code: string, cause = ''): void {
  getLogger().error(
    {
      event: 'booking.finalize_unknown',
      alert: 'operator',
      sid: session.sid,
      transactionId: session.transactionId,
      code,
    },
    `finalize outcome unknown: ${cause}check this reservation with the partner`,
  );
  recordBookingStep('finalize', 'unknown');
}

/** Step 1: take the idempotency record, or answer from it. */
async function claimAttempt(
  input: { key: string; body: FinalizeBody; session: BookingSession },
  now: number,
): Promise<Step<Attempt>> {
  const { key, body, session } = input;
  const scope = { sid: session.sid, transactionId: session.transactionId };
  const fp = fingerprint(body);
  const claim = await claimFinalize(scope, { key, fp }, now);
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
      outcomeUnknown(session, 'lost', 'its request was lost with its instance; ');
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
  /** Gives the claim back (nothing was sent to the partner) and answers with the refusal. */
  const refuse = async (status: number, code: string, title: string, counted = true) => {
    await releaseFinalize(scope);
    if (counted) recordBookingStep('finalize', code);
    return stop(problem({ status, code, title }));
  };
  if (body.hold !== undefined && (held === null || holdVersion(held) !== body.hold)) {
    return refuse(
      409,
      'hold_changed',
      'This reservation was changed in another tab or window; nothing was booked.',
    );
  }
  if (held && unitMismatch(heldUnitCheck(held)) && body.acceptUnitMismatch !== true) {
    return refuse(
      409,
      'unit_mismatch',
      'The held unit does not offer every chosen preference; accept it or change your choice.',
    );
  }
  if (body.paymentType === 'NowPartialPayment' && held && held.terms.firstPayAmount === null) {
    return refuse(422, 'payment_type_unavailable', 'Partial payment is not possible for this stay.', false);
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

/** Step 2: the one partner call, and what each way it can fail leaves behind. */
async function callPartner(attempt: Attempt): Promise<Step<FinalizeResult>> {
  const { session, scope, record } = attempt;
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
      await releaseFinalize(scope);
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
    await completeFinalize(scope, record, { state: 'unknown', response: CHECKING_RESPONSE });
    outcomeUnknown(session, err ? err.code : 'error');
    return stop(replay(CHECKING_RESPONSE));
  }
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
