import { describe, expect, it } from 'vitest';
import { healthStatusCode, toPublicHealth, type Health } from './health';

const detail: Health = {
  status: 'degraded',
  mode: 'partner',
  partner: { reachable: true, keyAccepted: true, checkedAt: '2030-01-01T00:00:00.000Z', fromCache: true },
  key: { expires: '2030-01-10', daysLeft: 9, warning: true },
  quota: { limitPerMinute: 100, budgetPerMinute: 90, remaining: 3 },
  pause: { paused: true, until: '2030-01-01T00:01:00.000Z' },
  cache: { hitRatio: 0.9, hits: 9, misses: 1, staleServed: 0 },
  store: { kind: 'redis', reachable: true },
  circuit: { state: 'open', opened: 1, halfOpened: 0, closed: 0, trialAt: '2030-01-01T00:00:10.000Z' },
};

describe('the public health answer', () => {
  it('says only whether to send guests here: no quota, pause, circuit, key or store detail', () => {
    expect(toPublicHealth(detail)).toEqual({ status: 'degraded' });
    expect(JSON.stringify(toPublicHealth(detail))).not.toMatch(
      /quota|pause|circuit|key|2030|redis|remaining/,
    );
  });

  it('answers 200 while guests can be served and 503 when the site is down', () => {
    expect(healthStatusCode({ status: 'ok' })).toBe(200);
    expect(healthStatusCode({ status: 'degraded' })).toBe(200);
    expect(healthStatusCode({ status: 'down' })).toBe(503);
  });
});
