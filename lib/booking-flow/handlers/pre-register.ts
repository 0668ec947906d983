import 'server-only';
import { guardPost } from '@/lib/http/guards';
import { json } from '@/lib/http/json';
import { errorResponse, problem, validationProblem } from '@/lib/http/problem';
import { getLogger } from '@/lib/log';
import { preRegister, type Registered } from '@/lib/partner-api';
import { isPartnerError, type PartnerError } from '@/lib/partner-api/errors';
import { recordBookingStep } from '@/lib/metrics/registry';
import {
  HOLD_TTL_SECONDS,
  clearedSessionCookie,
  newSessionId,
  sessionCookie,
  sessionFromRequest,
  type BookingSession,
} from '@/lib/session/booking-session';
import type { BookingSelection } from '@/lib/booking/selection';
import { asBookingStep } from '@/lib/upstream/priority';
import { isBookedStay, readSessionBooking, selectionKey } from '../records/booking-records';
import { finalizeState } from '../records/finalize-records';
import {
  forgetHeld,
  readHeld,
  readPendingAttempt,
  rememberPendingAttempt,
  transactionDigest,
  writeHeld,
  type HeldSummary,
} from '../records/store';
import { fitHeldUnit, type FittedHold } from '../rules/held-unit-match';
import {
  attemptCookie,
  attemptIdFrom,
  blocksSelection,
  holdPending,
  isAmbiguous,
} from '../rules/pending-attempt';
import { checkClientLimit, checkSessionLimit } from '../rules/rate-limit';
import { recheckSelection } from '../rules/recheck';
import { COMMIT_FRESHNESS, loadStayData, type StayData } from '../rules/stay-data';
import { REFUSED_TTL_MS, markTaken, releaseTaken } from '../rules/taken-units';
import { PreRegisterBodySchema, type PreRegisterBody } from './pre-register-body';
import { holdBody, paymentTerms, stop, withCookie, type Step } from './responses';

/**
 * POST /api/booking/pre-register: holds the chosen stay with the guest's details, or re-prices
 * this session's hold. The transactionId comes only from the sealed session cookie and goes
 * back only into it, so no page script or forged body can name another guest's reservation.
 * The selection and the guest are re-checked with the same rules as the browser before the
 * partner is called: a hand-made request gets the same answer as the form would have given.
 */

/**
 * When the hold lapses, and whose rule that is: the partner's expiry when it names one within the
 * site's own limit, else the site's limit (the partner documents no hold time of its own).
 */
function holdUntil(partnerValue: string | null, now: number): { until: number; setBy: 'partner' | 'site' } {
  const parsed = partnerValue ? Date.parse(partnerValue) : Number.NaN;
  const longest = now + HOLD_TTL_SECONDS * 1000;
  if (!Number.isFinite(parsed) || parsed > longest) return { until: longest, setBy: 'site' };
  return { until: Math.max(now + 60_000, parsed), setBy: 'partner' };
}

async function expiredHold(session: BookingSession, selection: BookingSelection): Promise<Response> {
  recordBookingStep('pre_register', 'hold_expired');
  await Promise.all([forgetHeld(session.sid), releaseTaken(selection.houseId, session.sid)]);
  return withCookie(
    problem({ status: 410, code: 'hold_expired', title: 'The hold on this stay has expired.' }),
    clearedSessionCookie(),
  );
}

/**
 * The partner had no free unit for a guest who left the unit to it: none that offers every chosen
 * preference, or none at all. The guest never picked a unit, so "your unit was taken" would be
 * wrong; with preferences they can drop one, without them only other dates help.
 */
function noUnitFree(selection: BookingSelection): Response {
  if (selection.preferenceIds.length > 0) {
    recordBookingStep('pre_register', 'preferences_unavailable');
    return problem({
      status: 409,
      code: 'preferences_unavailable',
      title: 'No unit with these preferences is free for this stay.',
    });
  }
  recordBookingStep('pre_register', 'not_available');
  return problem({ status: 409, code: 'not_available', title: 'This stay is no longer available.' });
}

/**
 * A re-price changes the price of a hold that another tab may be confirming. The hold record
 * goes first, so a finalize that reads it from now on finds no hold to match the price its tab
 * shows (409 hold_changed); then a finalize that took its claim before is looked for, and the
 * re-price gives way to it. Each side writes before it reads the other's mark, so one of the two
 * always sees the other. Null when the re-price may go on.
 */
async function stopFinalizeDuringReprice(
  live: BookingSession,
  held: HeldSummary | null,
): Promise<Response | null> {
  await forgetHeld(live.sid);
  const state = await finalizeState({ sid: live.sid, transactionId: live.transactionId });
  if (state === 'none') return null;
  // The re-price gives way: the hold stays as it was, for the finalize or the guest's next try.
  if (held) await writeHeld(live.sid, held, Date.now()).catch(() => undefined);
  return beingConfirmed();
}

/** One pre-register as the steps below see it. */
interface HoldRequest extends PreRegisterBody {
  /** This session's open hold of the same house, which the request re-prices; null for a new hold. */
  live: BookingSession | null;
  held: HeldSummary | null;
  sid: string;
  attemptId: string | undefined;
}

/**
 * Named steps: read the request, find the hold it re-prices, re-check the selection, place the
 * hold, fit its unit to the choice, record it and answer. Each step ends the request with its
 * own answer or hands the next one what it needs.
 */
export { PreRegisterBodySchema };

export async function handlePreRegister(req: Request): Promise<Response> {
  const read = await readRequest(req);
  if (!read.ok) return read.response;
  const request = await findLiveHold(req, read.value.session, read.value.body);
  if (!request.ok) return request.response;
  try {
    const data = await recheck(request.value);
    if (!data.ok) return data.response;
    const placed = await placeHold(request.value);
    if (!placed.ok) return placed.response;
    const fitted = await fitHeldUnit(placed.value, { ...request.value, units: data.value.units });
    return await recordHold(request.value, data.value, fitted);
  } catch (err) {
    recordBookingStep('pre_register', isPartnerError(err) ? err.code : 'error');
    return errorResponse(err, 'booking.pre-register');
  }
}

/** The body and the session, within the session's and the client's limits. */
async function readRequest(
  req: Request,
): Promise<Step<{ session: BookingSession | null; body: PreRegisterBody }>> {
  const guarded = await guardPost(req);
  if (!guarded.ok) return stop(guarded.response);
  const session = await sessionFromRequest(req);
  const sessionLimited = await checkSessionLimit('preRegister', session?.sid);
  if (sessionLimited) return stop(sessionLimited);

  const parsed = PreRegisterBodySchema.safeParse(guarded.body);
  if (!parsed.success) return stop(validationProblem(parsed.error));
  if (parsed.data.transactionId !== undefined && parsed.data.transactionId !== session?.transactionId) {
    return stop(
      problem({ status: 403, code: 'transaction_mismatch', title: 'This reservation is not yours.' }),
    );
  }
  // Counted only now: a body refused above spends nobody's budget.
  const clientLimited = await checkClientLimit('preRegister', req);
  if (clientLimited) return stop(clientLimited);
  return { ok: true, value: { session, body: parsed.data } };
}

/** Whether the request re-prices this session's open hold, or places a new one. */
async function findLiveHold(
  req: Request,
  session: BookingSession | null,
  body: PreRegisterBody,
): Promise<Step<HoldRequest>> {
  const { selection } = body;
  // A finished booking keeps its session so every tab shows it as made. A page of that same stay
  // that was open from before (a second tab) must not book it a second time: the booking pages
  // end that session first when the guest asks to book it again. Any other selection gets a
  // new session below, never the finished one's transaction.
  const booked = await readSessionBooking(session);
  if (booked && isBookedStay(booked, selection)) {
    recordBookingStep('pre_register', 'already_booked');
    return stop(
      problem({ status: 409, code: 'already_finalized', title: 'This stay has been booked already.' }),
    );
  }

  // Re-price this session's hold only when it is for the same house and still open. A cookie
  // copied before its booking was finalized still says "held": the stored booking decides, so
  // the finished reservation's transaction is never sent to the partner again.
  let live =
    session && !booked && session.stage === 'held' && session.houseId === selection.houseId ? session : null;
  if (live) {
    // A finalize of this hold that got no answer, or is still running, may have booked it: a
    // re-price would reach a booked reservation. The same stay is refused as being confirmed
    // ("no longer available" would invite the guest to book other dates); other dates of the
    // house are another booking, held under a new transaction.
    const state = await finalizeState({ sid: live.sid, transactionId: live.transactionId });
    if (state !== 'none') {
      const confirming = await readHeld(live.sid);
      if (confirming === null || isBookedStay(confirming, selection)) return stop(beingConfirmed());
      live = null;
    }
  }
  return {
    ok: true,
    value: {
      ...body,
      live,
      held: live ? await readHeld(live.sid) : null,
      sid: live?.sid ?? newSessionId(),
      attemptId: attemptIdFrom(req),
    },
  };
}

function beingConfirmed(): Response {
  recordBookingStep('pre_register', 'finalize_in_progress');
  return problem({
    status: 409,
    code: 'finalize_in_progress',
    title: 'This reservation is being confirmed.',
  });
}

/** The same rules as the browser, against what the partner offers for the stay right now. */
async function recheck(request: HoldRequest): Promise<Step<StayData>> {
  const { selection, locale, sid, held, attemptId } = request;
  // The re-check reads belong to the booking: they may use the quota's booking share.
  const data = await asBookingStep(() => loadStayData(selection, locale, { sid, held }, COMMIT_FRESHNESS));
  const check = recheckSelection(selection, data);
  if (check.ok) return { ok: true, value: data };
  // The partner stops listing a held unit: the re-check may be the first to meet it.
  const unitGone = check.errors.some((e) => e === 'unit_not_matching' || e === 'no_matching_unit');
  if (unitGone && attemptId) {
    const pending = await readPendingAttempt(attemptId, Date.now());
    if (blocksSelection(pending, selection)) return stop(await holdPending(pending, attemptId, Date.now()));
  }
  const notAvailable = check.errors.includes('not_available');
  recordBookingStep('pre_register', notAvailable ? 'not_available' : 'selection_invalid');
  return stop(
    problem({
      status: notAvailable ? 409 : 422,
      code: notAvailable ? 'not_available' : 'selection_invalid',
      title: notAvailable ? 'This stay is no longer available.' : 'The selection is not possible.',
      errors: { selection: check.errors },
    }),
  );
}

/** The one pre-register the guest asked for, or the answer that tells how the partner refused it. */
async function placeHold(request: HoldRequest): Promise<Step<Registered>> {
  const { live, held, selection, guest, locale } = request;
  if (live) {
    const refused = await stopFinalizeDuringReprice(live, held);
    if (refused) return stop(refused);
  }
  try {
    return { ok: true, value: await preRegister(selection, guest, live?.transactionId, locale) };
  } catch (err) {
    if (!isPartnerError(err)) throw err;
    // Refused before it changed anything: the hold and its price stand as the guest saw them.
    if (live && held && !isAmbiguous(err) && err.code !== 'not_found') {
      await writeHeld(live.sid, held, Date.now()).catch(() => undefined);
    }
    return stop(await holdRefused(request, err));
  }
}

async function holdRefused(request: HoldRequest, err: PartnerError): Promise<Response> {
  const { live, selection, attemptId } = request;
  const now = Date.now();
  if (err.code === 'not_found' && live) return expiredHold(live, selection);
  if (isAmbiguous(err) && !live) {
    // A new hold may now exist that no one can name: remember the attempt for the retry.
    const id = attemptId ?? newSessionId();
    await rememberPendingAttempt(id, selection, now);
    getLogger().warn(
      { event: 'booking.pre_register_unknown', houseId: selection.houseId },
      'pre-register sent, no answer',
    );
    recordBookingStep('pre_register', err.code);
    return withCookie(errorResponse(err, 'booking.pre-register'), attemptCookie(id));
  }
  if (err.code === 'conflict') {
    const pending = await readPendingAttempt(attemptId, now);
    if (attemptId && blocksSelection(pending, selection)) return holdPending(pending, attemptId, now);
    if (selection.unitId === undefined) return noUnitFree(selection);
    await markTaken(selection.houseId, {
      unitId: selection.unitId,
      start: selection.startDate,
      end: selection.endDate,
      until: now + REFUSED_TTL_MS,
      owner: `refused:${selection.unitId}:${selection.startDate}:${selection.endDate}`,
    });
    recordBookingStep('pre_register', 'unit_taken');
    return problem({ status: 409, code: 'unit_taken', title: 'This unit has just been taken.' });
  }
  if (err.code === 'invalid_input') {
    recordBookingStep('pre_register', 'partner_rejected');
    return problem({
      status: 422,
      code: 'partner_rejected',
      title: 'The booking service did not accept this selection.',
      errors: { partner: [...(err.fields ?? [])] },
    });
  }
  throw err;
}

/** Keeps the hold for the overview and the cookie, marks its unit taken and answers the page. */
async function recordHold(request: HoldRequest, data: StayData, fitted: FittedHold): Promise<Response> {
  const { live, held, selection, locale, sid, campaign, attemptId } = request;
  const { transactionId: txn, result } = fitted.registered;
  const now = Date.now();
  const { until: holdExpiresAt, setBy: holdSetBy } = holdUntil(result.holdExpiresAt, now);
  const unit = result.units[0] ?? null;
  const summary: HeldSummary = {
    v: 1,
    houseId: selection.houseId,
    houseName: data.house.name,
    startDate: selection.startDate,
    endDate: selection.endDate,
    party: selection.party,
    selectionKey: selectionKey(selection),
    cancellationFund: selection.cancellationFund,
    preferenceIds: selection.preferenceIds,
    unit,
    price: result.priceOverview,
    terms: paymentTerms(result),
    holdExpiresAt,
    holdSetBy,
    txn: transactionDigest(txn),
    // A re-price from a tab that lost the tags keeps the ones the hold was placed with.
    campaign: campaign ?? held?.campaign,
  };
  const next: BookingSession = {
    v: 1,
    sid,
    houseId: selection.houseId,
    transactionId: txn,
    holdExpiresAt,
    stage: 'held',
    locale,
  };
  await writeHeld(sid, summary, now);
  if (unit) {
    await markTaken(selection.houseId, {
      unitId: unit.id,
      start: selection.startDate,
      end: selection.endDate,
      until: holdExpiresAt,
      owner: sid,
    });
  }
  getLogger().info(
    {
      event: 'booking.held',
      sid,
      houseId: selection.houseId,
      repriced: live !== null,
      unconfirmedPreferences: fitted.check.unconfirmed.length,
      unitMismatch: fitted.check.lacking.length > 0 || fitted.check.pets === 'refused',
    },
    'hold placed',
  );
  recordBookingStep('pre_register', live ? 'repriced' : 'held');
  const ok = json(holdBody(summary), { setCookie: await sessionCookie(next, now) });
  // The attempt that got no answer is settled from the guest's side: they hold a stay now.
  return attemptId ? withCookie(ok, attemptCookie(null)) : ok;
}
