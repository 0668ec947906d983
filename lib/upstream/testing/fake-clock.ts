import 'server-only';

import type { Clock } from '../clock';

interface Timer {
  readonly at: number;
  readonly seq: number;
  readonly resolve: () => void;
}

/** Lets every pending promise callback run (they are all queued before the next macrotask). */
export const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A clock for tests: time moves only when the test moves it, and sleeps wake in time order.
 * Nothing here reads the wall clock, so no assertion depends on machine speed.
 */
export class FakeClock implements Clock {
  private t: number;
  private seq = 0;
  private timers: Timer[] = [];

  constructor(start = Date.UTC(2030, 0, 1)) {
    this.t = start;
  }

  now = (): number => this.t;

  sleep = (ms: number, signal?: AbortSignal): Promise<void> => {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer: Timer = { at: this.t + Math.max(0, ms), seq: this.seq++, resolve };
      this.timers.push(timer);
      signal?.addEventListener(
        'abort',
        () => {
          this.timers = this.timers.filter((x) => x !== timer);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  };

  get pendingTimers(): number {
    return this.timers.length;
  }

  /** Sets the time without waking anyone (for driving stores directly). */
  set(t: number): void {
    this.t = Math.max(this.t, t);
  }

  /** Moves time forward by `ms`, waking due sleepers one at a time in order. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    await flush();
    for (;;) {
      const next = this.nextTimer();
      if (next === undefined || next.at > end) break;
      this.fire(next);
      await flush();
    }
    this.t = end;
    await flush();
  }

  /** Drives time until `promise` settles: jumps to each next sleeper while the promise waits on one. */
  async settle<T>(promise: Promise<T>, maxSteps = 10_000): Promise<T> {
    let done = false;
    const tracked = promise.finally(() => {
      done = true;
    });
    tracked.catch(() => undefined);
    for (let step = 0; step < maxSteps; step += 1) {
      await flush();
      if (done) return tracked;
      const next = this.nextTimer();
      if (next === undefined) throw new Error('promise is waiting on something other than the fake clock');
      this.fire(next);
    }
    throw new Error('promise did not settle');
  }

  private nextTimer(): Timer | undefined {
    let best: Timer | undefined;
    for (const timer of this.timers) {
      if (best === undefined || timer.at < best.at || (timer.at === best.at && timer.seq < best.seq))
        best = timer;
    }
    return best;
  }

  private fire(timer: Timer): void {
    this.timers = this.timers.filter((x) => x !== timer);
    this.t = Math.max(this.t, timer.at);
    timer.resolve();
  }
}
