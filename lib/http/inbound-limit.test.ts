import { beforeEach, describe, expect, it } from 'vitest';
import { clientIp, INBOUND_RULES, limitInbound, resetInboundLimits } from './inbound-limit';

const req = (xff?: string) =>
  new Request('http://127.0.0.1:3100/api/booking/finalize', { method: 'POST', headers: xff ? { 'x-forwarded-for': xff } : {} });

describe('inbound limits (checklist 20)', () => {
  beforeEach(() => resetInboundLimits());

  it('takes the client IP only from the trusted proxy, rightmost entry', () => {
    expect(clientIp(req('1.1.1.1, 203.0.113.9'), true)).toBe('203.0.113.9');
    expect(clientIp(req('1.1.1.1, 203.0.113.9'), false)).toBe('untrusted');
    expect(clientIp(req('<script>'), true)).toBe('unknown');
  });

  it('answers 429 with Retry-After past the per-session limit, and resets after the window', async () => {
    const limit = INBOUND_RULES.finalize.limit;
    for (let i = 0; i < limit; i++) expect(limitInbound(req(), 'finalize', 'sid-a', 1_000, false)).toBeNull();
    const over = limitInbound(req(), 'finalize', 'sid-a', 2_000, false);
    expect(over?.status).toBe(429);
    expect(over?.headers.get('retry-after')).toBe('59');
    expect(((await over!.json()) as { code: string }).code).toBe('too_many_requests');
    expect(limitInbound(req(), 'finalize', 'sid-b', 2_000, false)).toBeNull();
    expect(limitInbound(req(), 'finalize', 'sid-a', 61_001, false)).toBeNull();
  });

  it('does not give a spoofed X-Forwarded-For rotation a fresh per-IP counter', () => {
    const limit = INBOUND_RULES['pre-register'].limit;
    let refused = 0;
    for (let i = 0; i < limit + 5; i++) {
      const res = limitInbound(req(`10.0.0.${i}, 198.51.100.7`), 'pre-register', undefined, 5_000, true);
      if (res) refused += 1;
    }
    expect(refused).toBe(5);
  });
});
