import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsPerClientMinute } from '../../lib/booking-flow/rules/rate-limit';
import { startSandbox, type SandboxHandle } from '../../sandbox/src/server';
import { startRedis, type RedisServer } from '../redis';
import { findStays, preRegisterBody, sandboxHooks } from './booking-harness';
import { rawRequest, startProductionSite, type ProductionSite } from './production-site';
import { hasProductionBuild } from './suite-fixtures';

/**
 * Two production site servers sharing one Redis, as a fleet behind a round-robin balancer: the
 * inbound limits on the booking steps count a client once for the whole fleet, so spreading its
 * requests over the instances buys it nothing.
 */

const hasBuild = hasProductionBuild('fleet-limits');

describe.skipIf(!hasBuild)('inbound booking limits of a fleet on one Redis', () => {
  let redis: RedisServer;
  let sandbox: SandboxHandle;
  const sites: ProductionSite[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    sandbox = await startSandbox({ latencyMs: 0, rateLimitPerMin: 5000 });
    const env = {
      SANDBOX_URL: sandbox.url,
      REDIS_URL: redis.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PARTNER_RATE_LIMIT_PER_MIN: '100',
    };
    sites.push(...(await Promise.all([startProductionSite(env), startProductionSite(env)])));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(sites.map((site) => site.stop()));
    await sandbox?.close();
    await redis?.stop();
  });

  it('a client spreading new holds over two instances places no more in a minute than on one', async () => {
    const stays = await findStays(sandboxHooks(sandbox.url), { count: 4, minDaysAhead: 40 });
    const burst = holdsPerClientMinute(100);
    const statuses: number[] = [];
    for (let i = 0; i < burst * 2; i++) {
      // No cookie: every request asks for a new hold, from the same client address.
      const site = sites[i % 2]!;
      const res = await rawRequest(site.port, '/api/booking/pre-register', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-booking-client': '1', origin: site.url },
        body: JSON.stringify(preRegisterBody(stays[i % stays.length]!)),
      });
      statuses.push(res.status);
    }
    // Holds of the same stay may meet each other's units (409); only the limit answers 429.
    expect(statuses.filter((status) => status !== 429)).toHaveLength(burst);
    expect(statuses.slice(burst).every((status) => status === 429)).toBe(true);
  });
});
