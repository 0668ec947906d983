import { describe, expect, it } from 'vitest';
import { getSiteMetrics } from '@/lib/metrics/registry';
import { countingFetch, fail, setup } from '@/lib/upstream/testing/governor';
import { createPartnerObserver } from './observer';

/** The current value of a counter series (0 when it has not been counted yet). */
async function count(
  metric: 'partnerCalls' | 'partnerRefusals' | 'partnerRateLimited' | 'cacheReads',
  labels: Record<string, string>,
): Promise<number> {
  const { values } = await getSiteMetrics()[metric].get();
  const found = values.find((v) =>
    Object.entries(labels).every(([k, x]) => (v.labels as Record<string, unknown>)[k] === x),
  );
  return found?.value ?? 0;
}

describe('partner calls in the metrics', () => {
  it('counts every call a governor makes, by operation and outcome, and the 429s and refusals', async () => {
    // Operation names of the test governor's table; other tests in this process may count the
    // same series, so the assertions compare before and after.
    const before = {
      ok: await count('partnerCalls', { operation: 'houseDetails', outcome: 'ok' }),
      limited: await count('partnerCalls', { operation: 'searchHouses', outcome: 'rate_limited' }),
      http429: await count('partnerRateLimited', { operation: 'searchHouses' }),
      refused: await count('partnerRefusals', { operation: 'houseDetails', reason: 'rate_limited' }),
      miss: await count('cacheReads', { operation: 'houseDetails', result: 'miss' }),
      hit: await count('cacheReads', { operation: 'houseDetails', result: 'hit' }),
    };
    const { clock, governor } = setup({ observer: createPartnerObserver() });
    const fetch = countingFetch(clock, () => ({ name: 'house' }));
    await governor.read({ op: 'houseDetails', language: 'nl', params: { houseId: 'A' }, fetch });
    await governor.read({ op: 'houseDetails', language: 'nl', params: { houseId: 'A' }, fetch });
    await governor.read({ op: 'houseDetails', language: 'nl', params: { houseId: 'B' }, fetch });
    await expect(
      governor.read({
        op: 'searchHouses',
        language: 'nl',
        params: { adults: 2 },
        fetch: fail('rate_limited', { upstreamStatus: 429, retryAfterSeconds: 20 }),
      }),
    ).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(
      governor.read({ op: 'houseDetails', language: 'nl', params: { houseId: 'C' }, fetch }),
    ).rejects.toMatchObject({ notSent: true });

    expect(fetch.calls).toHaveLength(2);
    expect(await count('partnerCalls', { operation: 'houseDetails', outcome: 'ok' })).toBe(before.ok + 2);
    expect(await count('partnerCalls', { operation: 'searchHouses', outcome: 'rate_limited' })).toBe(
      before.limited + 1,
    );
    expect(await count('partnerRateLimited', { operation: 'searchHouses' })).toBe(before.http429 + 1);
    expect(await count('partnerRefusals', { operation: 'houseDetails', reason: 'rate_limited' })).toBe(
      before.refused + 1,
    );
    expect(await count('cacheReads', { operation: 'houseDetails', result: 'miss' })).toBe(before.miss + 2);
    expect(await count('cacheReads', { operation: 'houseDetails', result: 'hit' })).toBe(before.hit + 1);
  });
});
