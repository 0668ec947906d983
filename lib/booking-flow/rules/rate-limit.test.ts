import { beforeEach, describe, expect, it } from 'vitest';
import { SOCKET_ADDRESS_HEADER } from '@/lib/http/client-address';
import { getGateway, replaceGateway } from '@/lib/partner-api/gateway';
import { RedisStore } from '@/lib/upstream/redis-store';
import { startRedis } from '@/test/redis';
import {
  RATE_LIMITS,
  checkClientLimit,
  checkSessionLimit,
  clientKey,
  holdsPerClientMinute,
  resetRateLimits,
} from './rate-limit';

const T_FLEET = 12_000_000;

/** A partner quota so large that the per-minute share of holds never binds: for the ten-minute budgets. */
const AMPLE_QUOTA = 1_000_000;

/** Per-session, per-client and site-wide limits on the booking writes. */

const req = (socket?: string, xff?: string) =>
  new Request('http://127.0.0.1:3100/api/booking/finalize', {
    headers: {
      ...(socket ? { [SOCKET_ADDRESS_HEADER]: socket } : {}),
      ...(xff ? { 'x-forwarded-for': xff } : {}),
    },
  });

beforeEach(() => resetRateLimits());

describe('checkSessionLimit', async () => {
  it('answers 429 with Retry-After once a session is over its limit, until the window ends', async () => {
    const { perSession, windowMs } = RATE_LIMITS.finalize;
    const t0 = 5_000_000;
    for (let i = 0; i < perSession; i++)
      expect(await checkSessionLimit('finalize', 'sid-a', t0 + i)).toBeNull();
    const refused = await checkSessionLimit('finalize', 'sid-a', t0 + perSession);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused?.headers.get('retry-after'))).toBeLessThanOrEqual(windowMs / 1000);
    // Another session is not affected, and the window ends.
    expect(await checkSessionLimit('finalize', 'sid-b', t0 + perSession)).toBeNull();
    expect(await checkSessionLimit('finalize', 'sid-a', t0 + windowMs + 1)).toBeNull();
  });

  it('does nothing for a request without a session', async () => {
    for (let i = 0; i < RATE_LIMITS.close.perSession * 3; i++)
      expect(await checkSessionLimit('close', undefined, 1)).toBeNull();
  });
});

describe('checkClientLimit', async () => {
  it('refuses one client over its budget while another client is still served', async () => {
    const { perClient, windowMs } = RATE_LIMITS.preRegister;
    for (let i = 0; i < perClient; i++)
      expect(await checkClientLimit('preRegister', req('127.0.0.1'), 1, 0, AMPLE_QUOTA)).toBeNull();
    const refused = await checkClientLimit('preRegister', req('127.0.0.1'), 2, 0, AMPLE_QUOTA);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBe(windowMs / 1000);
    expect(await checkClientLimit('preRegister', req('127.0.0.2'), 2, 0, AMPLE_QUOTA)).toBeNull();
  });

  it('does not let a rotating X-Forwarded-For multiply the budget when no proxy is trusted', async () => {
    const { perClient } = RATE_LIMITS.finalize;
    let refused: Response | null = null;
    let served = 0;
    for (let i = 0; i <= perClient * 2 && !refused; i++) {
      refused = await checkClientLimit('finalize', req('198.51.100.1', `10.0.${i % 250}.${i % 7}`), 1, 0);
      if (!refused) served += 1;
    }
    expect(refused?.status).toBe(429);
    expect(served).toBe(perClient);
  });

  it('behind a trusted proxy, gives each client address its own budget', async () => {
    const { perClient } = RATE_LIMITS.close;
    for (let i = 0; i < perClient; i++)
      expect(await checkClientLimit('close', req('10.0.0.5', '203.0.113.9'), 1, 1)).toBeNull();
    expect((await checkClientLimit('close', req('10.0.0.5', '6.6.6.6, 203.0.113.9'), 1, 1))?.status).toBe(
      429,
    );
    expect(await checkClientLimit('close', req('10.0.0.5', '203.0.113.10'), 1, 1)).toBeNull();
  });

  it('caps the whole site at its ceiling, however many clients share it', async () => {
    const { perClient, perSite } = RATE_LIMITS.finalize;
    let served = 0;
    let refused: Response | null = null;
    for (let client = 0; !refused; client++) {
      for (let i = 0; i < perClient && !refused; i++) {
        refused = await checkClientLimit('finalize', req(`192.0.2.${client % 250}`, undefined), 1, 0);
        if (!refused) served += 1;
      }
    }
    expect(served).toBe(perSite);
    expect(refused?.status).toBe(429);
    expect(perSite).toBeGreaterThanOrEqual(perClient * 10);
  });

  it('lets one client place at most a third of the holds a minute of the partner quota allows, while others still place theirs', async () => {
    expect(holdsPerClientMinute(100)).toBe(7);
    expect(holdsPerClientMinute(10)).toBe(3);
    const burst = holdsPerClientMinute(100);
    const t0 = 9_000_000;
    for (let i = 0; i < burst; i++)
      expect(await checkClientLimit('preRegister', req('198.51.100.7'), t0 + i, 0, 100)).toBeNull();
    const refused = await checkClientLimit('preRegister', req('198.51.100.7'), t0 + burst, 0, 100);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await checkClientLimit('preRegister', req('198.51.100.8'), t0 + burst, 0, 100)).toBeNull();
    // The next minute the client may hold again; the other writes have no per-minute share.
    expect(await checkClientLimit('preRegister', req('198.51.100.7'), t0 + 60_000, 0, 100)).toBeNull();
    for (let i = 0; i <= burst; i++)
      expect(await checkClientLimit('finalize', req('198.51.100.7'), t0 + i, 0, 100)).toBeNull();
  });

  it('never counts a request a client sends over its own budget against the site ceiling', async () => {
    const { perClient, perSite } = RATE_LIMITS.preRegister;
    // One client sends far more than the whole site's ceiling.
    for (let i = 0; i < perSite * 2; i++)
      await checkClientLimit('preRegister', req('127.0.0.1'), 1, 0, AMPLE_QUOTA);
    // Every other client still gets its full budget, up to what the one client left of the ceiling.
    let served = 0;
    for (let client = 2; client < 2 + (perSite - perClient) / perClient; client++) {
      for (let i = 0; i < perClient; i++)
        if ((await checkClientLimit('preRegister', req(`127.0.0.${client}`), 1, 0, AMPLE_QUOTA)) === null)
          served += 1;
    }
    expect(served).toBe(perSite - perClient);
  });
});

describe('clientKey', async () => {
  it('reads TRUST_PROXY as the number of proxies in front of the site', async () => {
    expect(clientKey(req('127.0.0.1', '6.6.6.6, 203.0.113.9'), 0)).toBe('127.0.0.1');
    expect(clientKey(req('127.0.0.1', '6.6.6.6, 203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientKey(req('127.0.0.1', '6.6.6.6, 203.0.113.9'), 2)).toBe('6.6.6.6');
  });
});

describe('with several instances on one Redis', () => {
  it('a client spreading its holds over three instances gets the budget of one, not three', async () => {
    const redis = await startRedis();
    const before = getGateway();
    const instances = [0, 1, 2].map(() => new RedisStore({ url: redis.url, keyPrefix: 'fleet:' }));
    try {
      const burst = holdsPerClientMinute(100);
      let served = 0;
      for (let i = 0; i < burst * 3; i++) {
        // Each request lands on the next instance, as behind a round-robin balancer.
        replaceGateway({ ...before, store: instances[i % 3]! });
        if ((await checkClientLimit('preRegister', req('198.51.100.9'), T_FLEET + i, 0, 100)) === null)
          served += 1;
      }
      expect(served).toBe(burst);
    } finally {
      replaceGateway(before);
      await Promise.all(instances.map((store) => store.close()));
      await redis.stop();
    }
  });
});
