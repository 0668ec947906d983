import 'server-only';
import { z } from 'zod';
import { GuestSchema } from '@/lib/booking/guest';
import { LOCALES } from '@/lib/i18n/locales';
import { guardPost } from '@/lib/http/guards';
import { errorResponse, problem, validationProblem } from '@/lib/http/problem';
import { getLogger } from '@/lib/log';
import { preRegister } from '@/lib/partner-api';
import { isPartnerError } from '@/lib/partner-api/errors';
import {
  HOLD_TTL_SECONDS,
  clearedSessionCookie,
  newSessionId,
  sessionCookie,
  sessionFromRequest,
  type BookingSession,
} from '@/lib/session/booking-session';
import { BookingSelectionSchema, type BookingSelection } from '@/lib/booking/selection';
import { asBookingStep } from '@/lib/upstream/priority';
import {
  forgetHeld,
  readHeld,
  selectionKey,
  transactionDigest,
  writeHeld,
  type HeldSummary,
} from '../records/booking-records';
import { checkRateLimit } from '../rules/rate-limit';
import { recheckSelection } from '../rules/recheck';
import { loadStayData } from '../rules/stay-data';
import { REFUSED_TTL_MS, markTaken, releaseTaken } from '../rules/taken-units';
import { holdBody, json, paymentTerms, withCookie } from './responses';

/**
 * POST /api/booking/pre-register: holds the chosen stay with the guest's details, or re-prices
 * this session's hold. The transactionId comes only from the sealed session cookie and goes
 * back only into it, so no page script or forged body can name another guest's reservation.
 * The selection and the guest are re-checked with the same rules as the browser before the
 * partner is called: a hand-made request gets the same answer as the form would have given.
 */

export const PreRegisterBodySchema = z.strictObject({
  locale: z.enum(LOCALES),
  selection: BookingSelectionSchema,
  guest: GuestSchema,
  /** Never needed; accepted only to refuse an id that is not this session's own. */
  transactionId: z.string().max(200).optional(),
});

function holdUntil(partnerValue: string | null, now: number): number {
  const parsed = partnerValue ? Date.parse(partnerValue) : Number.NaN;
  const longest = now + HOLD_TTL_SECONDS * 1000;
  return Number.isFinite(parsed) ? Math.min(longest, Math.max(now + 60_000, parsed)) : longest;
}

async function expiredHold(session: BookingSession, selection: BookingSelection): Promise<Response> {
  await Promise.all([forgetHeld(session.sid), releaseTaken(selection.houseId, session.sid)]);
  return withCookie(
    problem({ status: 410, code: 'hold_expired', title: 'The hold on this stay has expired.' }),
    clearedSessionCookie(),
  );
}

export async function handlePreRegister(req: Request): Promise<Response> {
  const guarded = await guardPost(req);
  if (!guarded.ok) return guarded.response;
  const session = await sessionFromRequest(req);
  const limited = checkRateLimit('preRegister', req, session?.sid);
  if (limited) return limited;

  const parsed = PreRegisterBodySchema.safeParse(guarded.body);
  if (!parsed.success) return validationProblem(parsed.error);
  const { locale, selection, guest, transactionId } = parsed.data;
  if (transactionId !== undefined && transactionId !== session?.transactionId) {
    return problem({ status: 403, code: 'transaction_mismatch', title: 'This reservation is not yours.' });
  }

  // Re-price this session's hold only when it is for the same house and still open.
  const live = session && session.stage === 'held' && session.houseId === selection.houseId ? session : null;
  const sid = live?.sid ?? newSessionId();
  const held = live ? await readHeld(live.sid) : null;
  const log = getLogger();

  try {
    // The re-check reads belong to the booking: they may use the quota's booking share.
    const data = await asBookingStep(() => loadStayData(selection, locale, { sid, held }));
    const check = recheckSelection(selection, data);
    if (!check.ok) {
      const notAvailable = check.errors.includes('not_available');
      return problem({
        status: notAvailable ? 409 : 422,
        code: notAvailable ? 'not_available' : 'selection_invalid',
        title: notAvailable ? 'This stay is no longer available.' : 'The selection is not possible.',
        errors: { selection: check.errors },
      });
    }

    const now = Date.now();
    let registered;
    try {
      registered = await preRegister(selection, guest, live?.transactionId, locale);
    } catch (err) {
      if (!isPartnerError(err)) throw err;
      if (err.code === 'not_found' && live) return expiredHold(live, selection);
      if (err.code === 'conflict') {
        if (selection.unitId !== undefined) {
          await markTaken(selection.houseId, {
            unitId: selection.unitId,
            start: selection.startDate,
            end: selection.endDate,
            until: now + REFUSED_TTL_MS,
            owner: `refused:${selection.unitId}:${selection.startDate}:${selection.endDate}`,
          });
        }
        return problem({ status: 409, code: 'unit_taken', title: 'This unit has just been taken.' });
      }
      if (err.code === 'invalid_input') {
        return problem({
          status: 422,
          code: 'partner_rejected',
          title: 'The booking service did not accept this selection.',
          errors: { partner: [...(err.fields ?? [])] },
        });
      }
      throw err;
    }

    const { transactionId: txn, result } = registered;
    const holdExpiresAt = holdUntil(result.holdExpiresAt, now);
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
      unit,
      price: result.priceOverview,
      terms: paymentTerms(result),
      holdExpiresAt,
      txn: transactionDigest(txn),
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
    log.info(
      { event: 'booking.held', sid, houseId: selection.houseId, repriced: live !== null },
      'hold placed',
    );
    return json(holdBody(summary), { setCookie: await sessionCookie(next, now) });
  } catch (err) {
    return errorResponse(err, 'booking.pre-register');
  }
}
