import 'server-only';

import { sizeQuota, type QuotaSizing } from './policy';
import type { Store, StoreTakeResult } from './store';
import { bucketParams, type QuotaKind } from './token-bucket';

/** The upstream's call quota as one object: the bucket in the given store, on the given clock. */
export interface Quota {
  readonly sizing: QuotaSizing;
  /** Refused with `storeUnavailable` when a shared bucket cannot be asked: it never grants then. */
  take(kind: QuotaKind): Promise<StoreTakeResult>;
  /** Whole tokens left now; null when the store cannot be asked. */
  remaining(): Promise<number | null>;
}

export function createQuota(options: {
  store: Pick<Store, 'takeToken' | 'tokensAvailable'>;
  limitPerMin: number;
  now?: () => number;
}): Quota {
  const sizing = sizeQuota(options.limitPerMin);
  const params = bucketParams(sizing);
  const now = options.now ?? Date.now;
  const { store } = options;
  return {
    sizing,
    take: (kind) => store.takeToken(params, kind, now()),
    remaining: () => store.tokensAvailable(params, now()).catch(() => null),
  };
}
