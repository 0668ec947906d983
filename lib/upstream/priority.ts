import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Booking steps read too: before pre-register the server checks the stay, units and services
 * again. Those reads run inside `asBookingStep`, and the governor admits them as booking calls
 * (they may use the reserved share of the quota), so heavy browsing cannot starve a booking
 * through its reads either. Background refreshes never inherit this.
 */
const bookingStep = new AsyncLocalStorage<true>();

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
