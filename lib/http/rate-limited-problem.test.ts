import { describe, expect, it } from 'vitest';

import { fail, setup } from '@/lib/upstream/testing/governor';
import { errorResponse } from './problem';

/**
 * Every 503 the site sends says when to come back. A partner 429 that names no Retry-After
 * pauses the site for the rest of the partner's 60-s window; the answer to the request that met
 * it must say so, like the answers refused during the pause.
 */

const read = { op: 'houseDetails', language: 'nl', params: { houseId: 'H1' } } as const;

describe('the answer to a partner 429 without Retry-After', () => {
  it('is a 503 problem with Retry-After: 60, and so is the next request refused by the pause', async () => {
    const { governor } = setup();
    const met = await governor
      .read({ ...read, fetch: fail('rate_limited', { upstreamStatus: 429 }) })
      .catch((e: unknown) => e);
    const first = errorResponse(met, 'test');
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('60');
    expect(await first.json()).toMatchObject({ status: 503, retryAfter: 60 });

    const refused = await governor.read({ ...read, fetch: async () => 1 }).catch((e: unknown) => e);
    const next = errorResponse(refused, 'test');
    expect(next.status).toBe(503);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
  });
});
