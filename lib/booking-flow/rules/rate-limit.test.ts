import { beforeEach, describe, expect, it } from 'vitest';
import { SOCKET_ADDRESS_HEADER } from '@/lib/http/client-address';
import {
  RATE_LIMITS,
  checkClientLimit,
  checkSessionLimit,
  clientKey,
  holdsPerClientMinute,
  resetRateLimits,
} from './rate-limit';

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

describe('checkSessionLimit', () => {
  it('answers 429 with Retry-After once a session is over its limit, until the window ends', () => {
    const { perSession, windowMs } = RATE_LIMITS.finalize;
    const t0 = 5_000_000;
    for (let i = 0; i < perSession; i++) expect(checkSessionLimit('finalize', 'sid-a', t0 + i)).toBeNull();
    const refused = checkSessionLimit('finalize', 'sid-a', t0 + perSession);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused?.headers.get('retry-after'))).toBeLessThanOrEqual(windowMs / 1000);
    // Another session is not affected, and the window ends.
    expect(checkSessionLimit('finalize', 'sid-b', t0 + perSession)).toBeNull();
    expect(checkSessionLimit('finalize', 'sid-a', t0 + windowMs + 1)).toBeNull();
  });

  it('does nothing for a request without a session', () => {
    for (let i = 0; i < RATE_LIMITS.close.perSession * 3; i++)
      expect(checkSessionLimit('close', undefined, 1)).toBeNull();
  });
});

describe('checkClientLimit', () => {
  it('refuses one client over its budget while another client is still served', () => {
    const { perClient, windowMs } = RATE_LIMITS.preRegister;
    for (let i = 0; i < perClient; i++)
      expect(checkClientLimit('preRegister', req('127.0.0.1'), 1, 0, AMPLE_QUOTA)).toBeNull();
    const refused = checkClientLimit('preRegister', req('127.0.0.1'), 2, 0, AMPLE_QUOTA);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBe(windowMs / 1000);
    expect(checkClientLimit('preRegister', req('127.0.0.2'), 2, 0, AMPLE_QUOTA)).toBeNull();
  });

  it('does not let a rotating X-Forwarded-For multiply the budget when no proxy is trusted', () => {
    const { perClient } = RATE_LIMITS.finalize;
    let refused: Response | null = null;
    let served = 0;
    for (let i = 0; i <= perClient * 2 && !refused; i++) {
      refused = checkClientLimit('finalize', req('198.51.100.1', `10.0.${i % 250}.${i % 7}`), 1, 0);
      if (!refused) served += 1;
    }
    expect(refused?.status).toBe(429);
    expect(served).toBe(perClient);
  });

  it('behind a trusted proxy, gives each client address its own budget', () => {
    const { perClient } = RATE_LIMITS.close;
    for (let i = 0; i < perClient; i++)
      expect(checkClientLimit('close', req('10.0.0.5', '203.0.113.9'), 1, 1)).toBeNull();
    expect(checkClientLimit('close', req('10.0.0.5', '6.6.6.6, 203.0.113.9'), 1, 1)?.status).toBe(429);
    expect(checkClientLimit('close', req('10.0.0.5', '203.0.113.10'), 1, 1)).toBeNull();
  });

  it('caps the whole site at its ceiling, however many clients share it', () => {
    const { perClient, perSite } = RATE_LIMITS.finalize;
    let served = 0;
    let refused: Response | null = null;
    for (let client = 0; !refused; client++) {
      for (let i = 0; i < perClient && !refused; i++) {
        refused = checkClientLimit('finalize', req(`192.0.2.${client % 250}`, undefined), 1, 0);
        if (!refused) served += 1;
      }
    }
    expect(served).toBe(perSite);
    expect(refused?.status).toBe(429);
    expect(perSite).toBeGreaterThanOrEqual(perClient * 10);
  });

  it('lets one client place at most a third of the holds a minute of the partner quota allows, while others still place theirs', () => {
    expect(holdsPerClientMinute(100)).toBe(7);
    expect(holdsPerClientMinute(10)).toBe(3);
    const burst = holdsPerClientMinute(100);
    const t0 = 9_000_000;
    for (let i = 0; i < burst; i++)
      expect(checkClientLimit('preRegister', req('198.51.100.7'), t0 + i, 0, 100)).toBeNull();
    const refused = checkClientLimit('preRegister', req('198.51.100.7'), t0 + burst, 0, 100);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(checkClientLimit('preRegister', req('198.51.100.8'), t0 + burst, 0, 100)).toBeNull();
    // The next minute the client may hold again; the other writes have no per-minute share.
    expect(checkClientLimit('preRegister', req('198.51.100.7'), t0 + 60_000, 0, 100)).toBeNull();
    for (let i = 0; i <= burst; i++)
      expect(checkClientLimit('finalize', req('198.51.100.7'), t0 + i, 0, 100)).toBeNull();
  });

  it('never counts a request a client sends over its own budget against the site ceiling', () => {
    const { perClient, perSite } = RATE_LIMITS.preRegister;
    // One client sends far more than the whole site's ceiling.
    for (let i = 0; i < perSite * 2; i++)
      checkClientLimit('preRegister', req('127.0.0.1'), 1, 0, AMPLE_QUOTA);
    // Every other client still gets its full budget, up to what the one client left of the ceiling.
    let served = 0;
    for (let client = 2; client < 2 + (perSite - perClient) / perClient; client++) {
      for (let i = 0; i < perClient; i++)
        if (checkClientLimit('preRegister', req(`127.0.0.${client}`), 1, 0, AMPLE_QUOTA) === null)
          served += 1;
    }
    expect(served).toBe(perSite - perClient);
  });
});

describe('clientKey', () => {
  it('reads TRUST_PROXY as the number of proxies in front of the site', () => {
    expect(clientKey(req('127.0.0.1', '6.6.6.6, 203.0.113.9'), 0)).toBe('127.0.0.1');
    expect(clientKey(req('127.0.0.1', '6.6.6.6, 203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientKey(req('127.0.0.1', '6.6.6.6, 203.0.113.9'), 2)).toBe('6.6.6.6');
  });
});
