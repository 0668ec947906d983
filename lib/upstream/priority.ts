import 'server-only';
import { requestContext, withRequestContext } from '@/lib/request-context';

/**
 * Booking steps read too: before pre-register the server checks the stay, units and services
 * again. Those reads run inside `asBookingStep`, and the governor admits them as booking calls
 * (they may use the reserved share of the quota), so heavy browsing cannot starve a booking
 * through its reads either. Background refreshes never inherit this.
 *
 * The scope lives in the request context (lib/request-context.ts), one per process: the
 * governor exists once per process, while pages and route handlers each load their own copy of
 * this module, and whether a booking got its reserve must not depend on which copy opened it.
 */

export function asBookingStep<T>(fn: () => Promise<T>): Promise<T> {
  return withRequestContext({ booking: 'step' }, fn);
}

export function inBookingStep(): boolean {
  return requestContext().booking === 'step';
}

/**
 * The reads of the booking page a guest opens, from a house page or a partner's link: browsing
 * reads, so they take no token from the reserve, but they may wait for a token as long as a
 * booking step's reads do. The house page the guest just read (and its price) can leave the
 * browsing share empty for a couple of seconds on a quiet site whose cache is cold; the guest who
 * pressed "book" would rather wait for the page those seconds than be told the service is busy.
 */
export function asBookingPage<T>(fn: () => Promise<T>): Promise<T> {
  return withRequestContext({ booking: 'page' }, fn);
}

/** True in a booking step or a booking page: a read may queue for a token as long as a booking's. */
export function waitsLikeBooking(): boolean {
  return requestContext().booking !== undefined;
}

/**
 * Runs `fn` outside any booking step (for work that merely starts there, such as a refresh). The
 * rest of the request's context stays: only the booking scope is left.
 */
export function outsideBookingStep<T>(fn: () => T): T {
  return withRequestContext({ booking: undefined }, fn);
}
