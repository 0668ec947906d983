import 'server-only';
import { guardPost } from '@/lib/http/guards';
import { clearedSessionCookie, sessionFromRequest } from '@/lib/session/booking-session';
import { forgetHeld } from '../records/store';
import { checkClientLimit, checkSessionLimit } from '../rules/rate-limit';

/**
 * POST /api/booking/close: ends the booking session before its time. A finished booking keeps
 * its session so every tab shows the stay as booked; when the guest chooses to book that same
 * stay once more, the booking pages end it here, so the new booking starts from nothing (the
 * made booking stays made). Answers 204 with an expired cookie, whether or not there was a session.
 */
export async function handleClose(req: Request): Promise<Response> {
  const guarded = await guardPost(req);
  if (!guarded.ok) return guarded.response;
  const session = await sessionFromRequest(req);
  // The body is not read: every request that passed the guards is a valid one.
  const limited = (await checkSessionLimit('close', session?.sid)) ?? (await checkClientLimit('close', req));
  if (limited) return limited;
  if (session) await forgetHeld(session.sid);
  return new Response(null, {
    status: 204,
    headers: { 'set-cookie': clearedSessionCookie(), 'cache-control': 'no-store' },
  });
}
