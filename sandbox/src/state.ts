/** Everything one sandbox instance owns; nothing is shared between instances. */
import { setMaxListeners } from 'node:events';
import { buildKeyRegistry, type KeyInfo } from './auth';
import { Availability } from './availability';
import { buildCatalogue, type Catalogue, type House } from './catalogue';
import type { ParkDef } from './park-data';
import { dayFromMs, type Day } from './dates';
import { FaultStore } from './faults';
import { ApiError } from './http-errors';
import { SlidingWindowLimiter } from './rate-limit';
import { ReservationStore } from './reservations';
import type { PreferenceMode } from './preference-rules';
import type { FieldMode } from './response-fields';
import { CallStats } from './stats';

export interface StateOptions {
  readonly seed: number;
  readonly latencyMs: number;
  readonly rateLimitPerMin: number;
  readonly now: () => number;
  readonly extraKeys?: string;
  readonly fieldMode: FieldMode;
  readonly preferenceMode: PreferenceMode;
  readonly openApiUser: string;
}

export class SandboxState {
  readonly catalogue: Catalogue;
  readonly reservations: ReservationStore;
  readonly availability: Availability;
  readonly stats: CallStats;
  readonly limiter: SlidingWindowLimiter;
  readonly faults = new FaultStore();
  readonly keys: ReadonlyMap<string, KeyInfo>;
  readonly latencyMs: number;
  /** Which response fields operations send; a hook switches it per test, a reset restores it. */
  fieldMode: FieldMode;
  /** Whether bookings are refused for unit preferences and pets; switched like the field mode. */
  preferenceMode: PreferenceMode;
  /** The user name of the OpenAPI document's Basic auth; the password is a valid API key. */
  readonly openApiUser: string;
  /** Aborted on close so that hanging faults and delays let the server stop. */
  readonly shutdown = new AbortController();
  /** Base of absolute URLs (pictures, payment page); set once the port is known. */
  publicUrl = '';
  private clockOffsetMs = 0;
  private readonly baseNow: () => number;
  private readonly startFieldMode: FieldMode;
  private readonly startPreferenceMode: PreferenceMode;

  constructor(opts: StateOptions) {
    // Every delayed or held request listens for the shutdown: many at once is the normal case under load.
    setMaxListeners(0, this.shutdown.signal);
    this.baseNow = opts.now;
    const now = () => this.now();
    this.catalogue = buildCatalogue(opts.seed);
    this.reservations = new ReservationStore(now);
    this.availability = new Availability(this.catalogue, this.reservations);
    this.stats = new CallStats(now);
    this.limiter = new SlidingWindowLimiter(opts.rateLimitPerMin, now);
    this.keys = buildKeyRegistry(opts.extraKeys);
    this.latencyMs = opts.latencyMs;
    this.fieldMode = this.startFieldMode = opts.fieldMode;
    this.preferenceMode = this.startPreferenceMode = opts.preferenceMode;
    this.openApiUser = opts.openApiUser;
  }

  now(): number {
    return this.baseNow() + this.clockOffsetMs;
  }

  /** "Today" is the UTC calendar date of the sandbox clock. */
  today(): Day {
    return dayFromMs(this.now());
  }

  advanceClock(ms: number): void {
    this.clockOffsetMs += ms;
  }

  house(id: number): House | undefined {
    return this.catalogue.housesById.get(id);
  }

  requireHouse(id: number): House {
    const house = this.house(id);
    if (!house) throw new ApiError(404, `House ${id} not found`);
    return house;
  }

  park(house: House): ParkDef {
    return this.availability.park(house);
  }

  /** Back to the seeded state: counters, faults, limits, clock, API-made bookings and the start-up modes. */
  reset(): void {
    this.fieldMode = this.startFieldMode;
    this.preferenceMode = this.startPreferenceMode;
    this.stats.reset();
    this.faults.clear();
    this.limiter.reset();
    this.reservations.clear();
    this.clockOffsetMs = 0;
  }
}
