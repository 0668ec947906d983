/**
 * What most integration suites start before their tests and stop after them: the booking routes on
 * a fresh sandbox (setUpBookingHarness), or the production build on one (setUpSandboxedSite). Each
 * registers its vitest hooks where it is called (a file, or a describe block) and hands back
 * stand-ins for what the hooks start, so a test reads `h.preRegister(…)` or `site.port` as if it
 * held the started server itself. A suite's own hooks registered after the call run after these
 * before each test, and before these after the last (vitest runs "after" hooks in reverse order).
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '@/sandbox/src/server';
import { findStays, startHarness, type Harness, type Stay } from './booking-harness';
import { productionBuildExists, startProductionSite, type ProductionSite } from './production-site';

/** A value a beforeAll hook starts, and a stand-in that reaches it once started. */
function startedLater<T extends object>(what: string) {
  let current: T | undefined;
  const standIn = new Proxy({} as T, {
    get(_target, key) {
      if (current === undefined) throw new Error(`${what} is used before the suite's beforeAll started it`);
      const value: unknown = Reflect.get(current, key, current);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
  return {
    standIn,
    get: (): T | undefined => current,
    set: (value: T) => {
      current = value;
    },
  };
}

export interface BookingSuiteOptions {
  /** Environment on top of the harness's own. */
  env?: Record<string, string>;
  /** Bookable stays to find once the sandbox runs; the suite fails when the sandbox offers fewer. */
  stays?: Parameters<typeof findStays>[1];
  /** A fresh site (gateway, cache, inbound limits) before each test; on unless false. */
  resetEachTest?: boolean;
}

/** The booking routes on their own sandbox for the suite (see booking-harness.ts). */
export function setUpBookingHarness(options: BookingSuiteOptions = {}) {
  const harness = startedLater<Harness>('the booking harness');
  const stays: Stay[] = [];
  let next = 0;

  beforeAll(async () => {
    const h = await startHarness(options.env);
    harness.set(h);
    if (options.stays) {
      stays.push(...(await findStays(h.hooks, options.stays)));
      expect(stays.length).toBe(options.stays.count);
    }
  });
  afterAll(async () => {
    await harness.get()?.stop();
  });
  if (options.resetEachTest !== false) {
    beforeEach(async () => {
      await harness.standIn.resetSite();
    });
  }

  return {
    h: harness.standIn,
    /** Filled in before the first test. */
    stays,
    /** The next of the suite's stays that no test has taken yet. */
    nextStay(): Stay {
      const stay = stays[next++];
      if (!stay) throw new Error('out of stays');
      return stay;
    },
  };
}

/**
 * Whether the production build the site suites start is there; when not, says so once for the
 * suite, which then skips (`describe.skipIf(!hasBuild)`).
 */
export function hasProductionBuild(suite: string): boolean {
  const exists = productionBuildExists();
  if (!exists) console.warn(`${suite}: no production build (run \`next build\` first); skipped`);
  return exists;
}

export interface SiteSuiteOptions {
  /** The sandbox's options; by default no latency and 5000 calls a minute. */
  sandbox?: SandboxOptions;
  /** The site's environment beyond SANDBOX_URL; by default the sandbox's rate as the partner limit. */
  env?: Record<string, string> | ((sandbox: SandboxHandle) => Record<string, string>);
  /** How long starting both may take. */
  timeoutMs?: number;
}

/** The production build (production-site.ts) talking to its own sandbox, for the suite. */
export function setUpSandboxedSite(options: SiteSuiteOptions = {}) {
  const sandbox = startedLater<SandboxHandle>('the sandbox');
  const site = startedLater<ProductionSite>('the production site');

  beforeAll(async () => {
    const started = await startSandbox(options.sandbox ?? { latencyMs: 0, rateLimitPerMin: 5000 });
    sandbox.set(started);
    const env =
      typeof options.env === 'function'
        ? options.env(started)
        : (options.env ?? { PARTNER_RATE_LIMIT_PER_MIN: '5000' });
    site.set(await startProductionSite({ SANDBOX_URL: started.url, ...env }));
  }, options.timeoutMs ?? 90_000);
  afterAll(async () => {
    await site.get()?.stop();
    await sandbox.get()?.close();
  });

  return { sandbox: sandbox.standIn, site: site.standIn };
}
