import 'server-only';
import { cookies } from 'next/headers';
import { cookieName, openSession, type BookingSession } from '@/lib/session/booking-session';

/** The booking session of the page being rendered (server components only). */
export async function readPageSession(): Promise<BookingSession | null> {
  const jar = await cookies();
  return openSession(jar.get(cookieName())?.value);
}
