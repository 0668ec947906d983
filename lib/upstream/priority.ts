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

function bookingStepStore(): AsyncLocalStorage<true> {
  const holder = globalThis as { [STORE_KEY]?: AsyncLocalStorage<true> };
  holder[STORE_KEY] ??= new AsyncLocalStorage<true>();
  return holder[STORE_KEY];
}

const bookingStep = bookingStepStore();

export function asBookingStep<T>(fn: () => Promise<T>): Promise<T> {
  return bookingStep.run(true, fn);
}

export function inBookingStep(): boolean {
  return bookingStep.getStore() === true;
}

/** Runs `fn` outside any booking step (for work that merely starts there, such as a refresh). */
export function outsideBookingStep<T>(fn: () => T): T {
  return bookingStep.exit(fn);
}
