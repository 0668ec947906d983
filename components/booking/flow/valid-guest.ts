/**
 * The guest's details kept in this tab, checked with the guest schema: the one module of the
 * flow's storage that loads zod, for the steps that show or send the details (not the first
 * ones, whose pages then build no schema while they hydrate).
 */
import { GuestSchema, type Guest } from '@/lib/booking/guest';
import { loadGuest, recordBookingDone, type BookedStay } from './flow-storage';

/** The stored details when they pass the form's rules, normalized as they are sent; else null. */
export function loadValidGuest(): Guest | null {
  const parsed = GuestSchema.safeParse(loadGuest() ?? {});
  return parsed.success ? parsed.data : null;
}

/** Remembers in this tab that the stay is booked (flow-storage.ts recordBookingDone). */
export function markBookingDone(houseId: number, booked?: BookedStay): void {
  recordBookingDone(houseId, loadValidGuest(), booked);
}
