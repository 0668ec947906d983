/**
 * Holds and reservations made through the API, in memory. Guest contact data is not kept at
 * all: the sandbox needs only what decides availability, price and the payment flow.
 */
import { randomBytes } from 'node:crypto';
import type { PaymentType } from '@/lib/partner-api/schemas';
import type { BlockSource } from './availability';
import type { Day } from './dates';
import type { Party } from './party';
import type { Quote, Selection } from './pricing';

/** How long a pre-registration holds its unit. */
export const HOLD_MS = 30 * 60_000;

export type ReservationStatus = 'Held' | 'Expired' | 'Confirmed' | 'AwaitingPayment' | 'Paid';

export interface Reservation {
  readonly transactionId: string;
  houseId: number;
  unitId: number;
  start: Day;
  end: Day;
  status: ReservationStatus;
  holdExpiresAt: number;
  finalizeCalls: number;
  party: Party;
  selection: Selection;
  quote: Quote;
  paymentType?: PaymentType;
  thankYouPageUrl?: string;
}

export type NewReservation = Omit<
  Reservation,
  'transactionId' | 'status' | 'holdExpiresAt' | 'finalizeCalls'
>;

const BLOCKING: ReadonlySet<ReservationStatus> = new Set(['Held', 'Confirmed', 'AwaitingPayment', 'Paid']);

export class ReservationStore implements BlockSource {
  private readonly byId = new Map<string, Reservation>();

  constructor(private readonly now: () => number) {}

  /** Looks a transaction up, first letting a lapsed hold expire. */
  get(transactionId: string): Reservation | undefined {
    const r = this.byId.get(transactionId);
    if (r) this.expireIfDue(r);
    return r;
  }

  hold(data: NewReservation): Reservation {
    // 144 random bits: a transaction id must not be guessable from another one.
    const transactionId = randomBytes(18).toString('base64url');
    const r: Reservation = {
      ...data,
      transactionId,
      status: 'Held',
      holdExpiresAt: this.now() + HOLD_MS,
      finalizeCalls: 0,
    };
    this.byId.set(transactionId, r);
    return r;
  }

  /** Re-pricing a live hold keeps its id and restarts its 30 minutes. */
  update(r: Reservation, data: NewReservation): Reservation {
    Object.assign(r, data, { holdExpiresAt: this.now() + HOLD_MS });
    return r;
  }

  isBlocked(unitId: number, start: Day, end: Day, ignoreTransactionId?: string): boolean {
    for (const r of this.byId.values()) {
      if (r.unitId !== unitId || r.transactionId === ignoreTransactionId) continue;
      this.expireIfDue(r);
      if (BLOCKING.has(r.status) && r.start < end && start < r.end) return true;
    }
    return false;
  }

  list(): Reservation[] {
    for (const r of this.byId.values()) this.expireIfDue(r);
    return [...this.byId.values()];
  }

  clear(): void {
    this.byId.clear();
  }

  private expireIfDue(r: Reservation): void {
    if (r.status === 'Held' && this.now() >= r.holdExpiresAt) r.status = 'Expired';
  }
}
