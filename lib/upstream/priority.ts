import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Booking steps read too: before pre-register the server checks the stay, units and services
 * again. Those reads run inside `asBookingStep`, and the governor admits them as booking calls
 * (they may use the reserved share of the quota), so heavy browsing cannot starve a booking
 * through its reads either. Background refreshes never inherit this.
 *
 * The storage is one per process, kept on globalThis: Next.js loads a separate copy of this
 * module for pages and for route handlers, while the governor exists once per process. With a
 * storage per copy, the governor would see only the steps of the layer that happened to create
 * it, so whether a booking got its reserve would depend on which request reached the server first.
 */
const STORE_KEY = Symbol.for('partner-booking-site.upstream.bookingStep');

/**
 * `step`: a booking step's reads and writes (they may use the reserve). `page`: the reads of the
 * booking page a guest opens (browsing reads that wait as long as a step's, see asBookingPage).
 */
type Scope = 'step' | 'page';

function bookingStepStore(): AsyncLocalStorage<Scope> {
  const holder = globalThis as { [STORE_KEY]?: AsyncLocalStorage<Scope> };
  holder[STORE_KEY] ??= new AsyncLocalStorage<Scope>();
  return holder[STORE_KEY];
}

const bookingStep = bookingStepStore();

export function asBookingStep<T>(fn: () => Promise<T>): Promise<T> {
  return bookingStep.run('step', fn);
}

export function inBookingStep(): boolean {
  return bookingStep.getStore() === 'step';
}

/**
 * The reads of the booking page a guest opens, from a house page or a partner's link: browsing
 * reads, so they take no token from the reserve, but they may wait for a token as long as a
 * booking step's reads do. The house page the guest just read (and its price) can leave the
 * browsing share empty for a couple of seconds on a quiet site whose cache is cold; the guest who
 * pressed "book" would rather wait for the page those seconds than be told the service is busy.
 */
export function asBookingPage<T>(fn: () => Promise<T>): Promise<T> {
  return bookingStep.run('page', fn);
}

/** True in a booking step or a booking page: a read may queue for a token as long as a booking's. */
export function waitsLikeBooking(): boolean {
  return bookingStep.getStore() !== undefined;
}

/** Runs `fn` outside any booking step (for work that merely starts there, such as a refresh). */
export function outsideBookingStep<T>(fn: () => T): T {
  return bookingStep.exit(fn);
}
