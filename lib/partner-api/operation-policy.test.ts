import { describe, expect, it } from 'vitest';
import { CACHE_POLICY, PARTNER_OPERATIONS } from './operation-policy';
import { OPERATIONS, type OperationName } from './operations';

const names = Object.keys(OPERATIONS) as OperationName[];

describe('partner operation policy', () => {
  it('never caches the operations that carry guest data or book', () => {
    const never = names.filter((op) => PARTNER_OPERATIONS[op].cache === undefined);
    expect(never.sort()).toEqual(['finalizeReservation', 'preRegisterReservation']);
  });

  it('orders every cache age as fresh < stale ≤ error', () => {
    for (const policy of Object.values(CACHE_POLICY)) {
      if (policy === undefined) continue;
      expect(policy.freshMs).toBeLessThan(policy.staleMs);
      expect(policy.staleMs).toBeLessThanOrEqual(policy.errorMs);
    }
  });
});
