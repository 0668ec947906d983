import 'server-only';
import { randomBytes } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { z } from 'zod';
import { getSiteEnv, isSecureSite } from '@/lib/env';
import { LOCALES } from '@/lib/i18n/locales';

/**
 * The booking session: a sealed (encrypted and signed), HttpOnly, SameSite=Lax cookie holding
 * the transactionId and what was chosen. The browser never sees or sends a transactionId in
 * clear (design decision 3). It holds no personal data; its lifetime never exceeds the hold.
 * Tampered, expired or foreign cookies open as "no session".
 */

export const SessionSchema = z.object({
  v: z.literal(1),
  /** Random id of this booking session; scopes idempotency records and the stored result. */
  sid: z.string().regex(/^[a-f0-9]{32}$/),
  houseId: z.number().int().positive(),
  transactionId: z.string().min(1).max(100),
  /** Epoch ms when the partner's hold lapses. */
  holdExpiresAt: z.number().int(),
  stage: z.enum(['held', 'finalized']),
  locale: z.enum(LOCALES),
});
export type BookingSession = z.infer<typeof SessionSchema>;

/**
 * Longest a session cookie may live: the partner's 30-minute hold. A finalized session gets the
 * same again from finalize: long enough to come back from the payment page, reload the
 * confirmation or open it in another tab, short enough that a shared computer forgets it soon.
 */
export const HOLD_TTL_SECONDS = 30 * 60;

/**
 * The sealing secret. Without SESSION_SECRET (sandbox mode) the environment module makes one up,
 * once per process (lib/env.ts), so a page opens a cookie a route handler sealed.
 */
function currentSecret(): string {
  return getSiteEnv().sessionSecret;
}

function passwords(): Record<number, string> {
  const env = getSiteEnv();
  return env.SESSION_SECRET_PREVIOUS
    ? { 1: env.SESSION_SECRET_PREVIOUS, 2: currentSecret() }
    : { 1: currentSecret() };
}

export function cookieName(): string {
  return isSecureSite() ? '__Host-booking' : 'booking';
}

export function newSessionId(): string {
  return randomBytes(16).toString('hex');
}

export async function sealSession(session: BookingSession, ttlSeconds: number): Promise<string> {
  return sealData(SessionSchema.parse(session), { password: passwords(), ttl: Math.max(60, ttlSeconds) });
}

export async function openSession(
  sealed: string | undefined,
  now = Date.now(),
): Promise<BookingSession | null> {
  if (!sealed || sealed.length > 4096) return null;
  try {
    const data = await unsealData<unknown>(sealed, { password: passwords(), ttl: HOLD_TTL_SECONDS * 2 });
    const parsed = SessionSchema.safeParse(data);
    if (!parsed.success) return null;
    // A held session is worthless after the hold. A finalized one lives as long as its cookie
    // (a hold's length, counted from finalize), so every tab can show the booking as made.
    if (parsed.data.stage === 'held' && parsed.data.holdExpiresAt + 60_000 < now) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

/** The Set-Cookie value for a session, its Max-Age capped by the hold. */
export async function sessionCookie(session: BookingSession, now = Date.now()): Promise<string> {
  const remaining = Math.floor((session.holdExpiresAt - now) / 1000);
  const maxAge = Math.max(60, Math.min(HOLD_TTL_SECONDS, remaining));
  const value = await sealSession(session, maxAge);
  const parts = [`${cookieName()}=${value}`, 'Path=/', `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Lax'];
  if (isSecureSite()) parts.push('Secure');
  return parts.join('; ');
}

export function clearedSessionCookie(): string {
  const parts = [`${cookieName()}=`, 'Path=/', 'Max-Age=0', 'HttpOnly', 'SameSite=Lax'];
  if (isSecureSite()) parts.push('Secure');
  return parts.join('; ');
}

/** Reads the session from a request's Cookie header. */
export async function sessionFromRequest(req: Request): Promise<BookingSession | null> {
  const header = req.headers.get('cookie') ?? '';
  const name = cookieName();
  for (const part of header.split(/;\s*/)) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name) return openSession(decodeCookieValue(part.slice(eq + 1)));
  }
  return null;
}

/** A value that is not valid percent-encoding was not set by this site: no session. */
function decodeCookieValue(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
