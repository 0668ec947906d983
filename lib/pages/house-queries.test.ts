import { describe, expect, it } from 'vitest';
import { SiteApiError } from '@/lib/site-api/api-error';
import { isWorthRetrying } from './house-queries';

describe('isWorthRetrying', () => {
  it('does not ask again what the site or the partner refused, such as an arrival the partner does not take', () => {
    for (const [status, code] of [
      [422, 'partner_rejected'],
      [400, 'invalid_input'],
      [404, 'not_found'],
    ] as const) {
      expect(isWorthRetrying(0, new SiteApiError(status, code, {}, undefined))).toBe(false);
    }
  });

  it('tries twice more when the service is busy or unreachable, or the connection was lost', () => {
    for (const error of [
      new SiteApiError(503, 'unavailable', {}, 5),
      new SiteApiError(429, 'quota_exhausted', {}, 10),
      new SiteApiError(504, 'timeout', {}, undefined),
      new TypeError('Failed to fetch'),
    ]) {
      expect(isWorthRetrying(0, error)).toBe(true);
      expect(isWorthRetrying(1, error)).toBe(true);
      expect(isWorthRetrying(2, error)).toBe(false);
    }
  });
});
