/**
 * What the browser keeps between steps in sessionStorage (this tab only, gone when it closes):
 * the guest's details as typed, so nothing is lost on reload or when a later step fails, and a
 * marker of the last hold, so an expired hold can be explained instead of silently renewed.
 * The details leave the browser only in the pre-register request; they are cleared after
 * finalize.
 */
import { z } from 'zod';
import { GUEST_FIELDS, type GuestInput } from '@/lib/booking/guest';

const GUEST_KEY = 'pbs.booking.guest.v1';
const HOLD_KEY = 'pbs.booking.hold.v1';
const DONE_KEY = 'pbs.booking.done.v1';
const LATEST_KEY = 'pbs.booking.selection.v1';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled
  }
}

function read(key: string): unknown {
  try {
    const text = storage()?.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or disabled: the form still works, it just will not survive a reload.
  }
}

function remove(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing to do
  }
}

export function loadGuest(): Partial<GuestInput> | null {
  const value = read(GUEST_KEY);
  if (typeof value !== 'object' || value === null) return null;
  const out: Record<string, string> = {};
  for (const field of GUEST_FIELDS) {
    const v = (value as Record<string, unknown>)[field];
    if (typeof v === 'string') out[field] = v.slice(0, 300);
  }
  return out as Partial<GuestInput>;
}

export function saveGuest(values: Partial<Record<string, unknown>>): void {
  const out: Record<string, string> = {};
  for (const field of GUEST_FIELDS) {
    const v = values[field];
    if (typeof v === 'string') out[field] = v;
  }
  write(GUEST_KEY, out);
}

export function clearGuest(): void {
  remove(GUEST_KEY);
}

const HoldMarkerSchema = z.object({ houseId: z.number(), expiresAt: z.number() });
export type HoldMarker = z.infer<typeof HoldMarkerSchema>;

export function loadHoldMarker(): HoldMarker | null {
  const marker = HoldMarkerSchema.safeParse(read(HOLD_KEY));
  return marker.success ? marker.data : null;
}

export function saveHoldMarker(marker: HoldMarker): void {
  write(HOLD_KEY, marker);
}

export function clearHoldMarker(): void {
  remove(HOLD_KEY);
}

/** Set after finalize, so going back to the overview does not place a new hold by itself. */
export function markBookingDone(houseId: number): void {
  write(DONE_KEY, { houseId, at: Date.now() });
  clearGuest();
  clearHoldMarker();
  remove(LATEST_KEY);
}

export function wasBookingDone(houseId: number): boolean {
  const done = z.object({ houseId: z.number() }).safeParse(read(DONE_KEY));
  return done.success && done.data.houseId === houseId;
}

export function clearBookingDone(): void {
  remove(DONE_KEY);
}

/**
 * The latest choices of each step, for this stay. Browser back shows an earlier step with the
 * choices it had when the guest left it; going forward again with the button then takes the
 * later steps' choices from here instead of dropping them.
 */
export function saveLatestSelection(stayKey: string, selection: unknown): void {
  write(LATEST_KEY, { stayKey, selection });
}

export function loadLatestSelection(stayKey: string): unknown {
  const latest = z.object({ stayKey: z.string(), selection: z.unknown() }).safeParse(read(LATEST_KEY));
  return latest.success && latest.data.stayKey === stayKey ? latest.data.selection : null;
}
