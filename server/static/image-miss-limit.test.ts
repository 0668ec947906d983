import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { SOCKET_ADDRESS_HEADER } from '@/lib/http/client-address';
import { createImageMissLimit, readImageMissesPerMinute } from './image-miss-limit';

const from = (address: string, forwarded?: string) =>
  ({
    headers: { [SOCKET_ADDRESS_HEADER]: address, ...(forwarded ? { 'x-forwarded-for': forwarded } : {}) },
  }) as unknown as IncomingMessage;

describe('the cap on resized pictures per client', () => {
  it('lets a client make its share in a minute, then says how long to wait, and starts afresh after the minute', () => {
    let at = 1_000_000;
    const limit = createImageMissLimit({ perMinute: 3, trustedHops: 0, now: () => at });
    expect([1, 2, 3].map(() => limit.admit(from('192.0.2.7')))).toEqual([null, null, null]);
    at += 15_000;
    expect(limit.admit(from('192.0.2.7'))).toBe(45);
    at += 45_000;
    expect(limit.admit(from('192.0.2.7'))).toBeNull();
  });

  it('counts each client on its own, and an IPv6 client by its /64', () => {
    const limit = createImageMissLimit({ perMinute: 1, trustedHops: 0 });
    expect(limit.admit(from('192.0.2.7'))).toBeNull();
    expect(limit.admit(from('192.0.2.8'))).toBeNull();
    expect(limit.admit(from('2001:db8:1:2::1'))).toBeNull();
    expect(limit.admit(from('2001:db8:1:2::99'))).not.toBeNull();
  });

  it('reads the client behind our own proxy from the hop it appended, never from what the client wrote', () => {
    const limit = createImageMissLimit({ perMinute: 1, trustedHops: 1 });
    expect(limit.admit(from('10.0.0.1', '198.51.100.1, 203.0.113.5'))).toBeNull();
    // Another forged first hop is still the same client.
    expect(limit.admit(from('10.0.0.1', '198.51.100.2, 203.0.113.5'))).not.toBeNull();
    expect(limit.admit(from('10.0.0.1', '203.0.113.6'))).toBeNull();
  });

  it('takes IMAGE_MISSES_PER_MINUTE, 600 without it, and refuses a value that is not a count', () => {
    expect(readImageMissesPerMinute({})).toBe(600);
    expect(readImageMissesPerMinute({ IMAGE_MISSES_PER_MINUTE: '30' })).toBe(30);
    for (const bad of ['0', '-1', 'many', '1.5']) {
      expect(() => readImageMissesPerMinute({ IMAGE_MISSES_PER_MINUTE: bad })).toThrow(
        /IMAGE_MISSES_PER_MINUTE/,
      );
    }
  });
});
