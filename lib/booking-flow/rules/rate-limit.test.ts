import { beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS, checkRateLimit, clientKey, resetRateLimits } from './rate-limit';

/** Per-session and per-client limits on the booking writes. */

const req = (xff?: string) =>
  new Request('http://127.0.0.1:3100/api/booking/finalize', {
    headers: xff ? { 'x-forwarded-for': xff } : {},
  });

beforeEach(() => resetRateLimits());

describe('checkRateLimit', () => {
  it('answers 429 with Retry-After once a session is over its limit', () => {
    const { perSession, windowMs } = RATE_LIMITS.finalize;
    const t0 = 5_000_000;
    for (let i = 0; i < perSession; i++)
      expect(checkRateLimit('finalize', req(), 'sid-a', t0 + i)).toBeNull();
    const refused = checkRateLimit('finalize', req(), 'sid-a', t0 + perSession);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused?.headers.get('retry-after'))).toBeLessThanOrEqual(windowMs / 1000);
    // Another session is not affected, and the window ends.
    expect(checkRateLimit('finalize', req(), 'sid-b', t0 + perSession)).toBeNull();
    expect(checkRateLimit('finalize', req(), 'sid-a', t0 + windowMs + 1)).toBeNull();
  });

  it('does not let a rotating X-Forwarded-For reset the per-client counter (no trusted proxy)', () => {
    const { perClient } = RATE_LIMITS.finalize;
    let refused: Response | null = null;
    for (let i = 0; i <= perClient && !refused; i++)
      refused = checkRateLimit('finalize', req(`10.0.${i % 250}.${i % 7}`), undefined, 1);
    expect(refused?.status).toBe(429);
  });

  it('behind a trusted proxy, keys by the hop the proxy appended, not by what the client sent', () => {
    expect(clientKey(req('6.6.6.6, 203.0.113.9'), true)).toBe('203.0.113.9');
    expect(clientKey(req('1.1.1.1, 203.0.113.9'), true)).toBe('203.0.113.9');
    expect(clientKey(req('203.0.113.9'), false)).toBe('unknown');
    expect(clientKey(req('<script>'), true)).toBe('unknown');
  });
});
