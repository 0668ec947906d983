import 'server-only';
import { getSiteEnv } from '@/lib/env';
import { getLogger } from '@/lib/log';
import { createStore } from '@/lib/upstream/create-store';
import { createGovernor, type Governor } from '@/lib/upstream/governor';
import type { Store } from '@/lib/upstream/store';
import { getPartnerConfig, type PartnerConfig } from './config';
import { createPartnerObserver } from './observer';
import { PARTNER_OPERATIONS } from './operation-policy';
import type { OperationName } from './operations';

/**
 * The process-wide gateway: one store (memory, or Redis with REDIS_URL) and one governor that
 * every partner call passes through. Kept on globalThis so dev reloads do not multiply it.
 */
export interface Gateway {
  config: PartnerConfig;
  store: Store;
  governor: Governor<OperationName>;
}

const holder = globalThis as unknown as { __pbsGateway?: Gateway };

export function getGateway(): Gateway {
  if (!holder.__pbsGateway) {
    const config = getPartnerConfig();
    // With the site's logger: an unreachable Redis is written to the log once per outage.
    const store = createStore({ redisUrl: getSiteEnv().REDIS_URL, logger: getLogger() });
    const governor = createGovernor({
      store,
      operations: PARTNER_OPERATIONS,
      limitPerMin: config.rateLimitPerMin,
      logger: getLogger(),
      cache: config.cacheEnabled,
      breaker: config.breaker,
      observer: createPartnerObserver(),
      ...(config.callsPerClientMin === null ? {} : { clientShare: { perMinute: config.callsPerClientMin } }),
    });
    holder.__pbsGateway = { config, store, governor };
  }
  return holder.__pbsGateway;
}
