import 'server-only';
import { getSiteEnv } from '@/lib/env';
import { getLogger } from '@/lib/log';
import { processSingleton } from '@/lib/process-singleton';
import { createStore } from '@/lib/upstream/create-store';
import { createGovernor, type Governor } from '@/lib/upstream/governor';
import type { Store } from '@/lib/upstream/store';
import { getPartnerConfig, type PartnerConfig } from './config';
import { createPartnerObserver } from './observer';
import { PARTNER_OPERATIONS } from './operation-policy';
import type { OperationName } from './operations';

/**
 * The process-wide gateway: one store (memory, or Redis with REDIS_URL) and one governor that
 * every partner call passes through. A process singleton, so neither dev reloads nor the copies
 * of this module Next.js bundles apart multiply it.
 */
export interface Gateway {
  config: PartnerConfig;
  store: Store;
  governor: Governor<OperationName>;
}

function createGateway(): Gateway {
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
    ...(config.callsPerClientMin === null
      ? {}
      : {
          clientShare: {
            perMinute: config.callsPerClientMin,
            ...(config.callsPerAddressMin === null ? {} : { perAddressMinute: config.callsPerAddressMin }),
          },
        }),
  });
  return { config, store, governor };
}

// A slot rather than the gateway itself, so a test can close the one built without building one.
const slot = processSingleton<{ gateway?: Gateway }>('partner-api.gateway', () => ({}));

export function getGateway(): Gateway {
  slot.gateway ??= createGateway();
  return slot.gateway;
}

/**
 * Puts `gateway` in place of the process's, or with undefined drops it: the next partner call
 * builds one afresh from the environment (empty memory cache, closed circuit). The old one's
 * store is left open. For tests.
 */
export function replaceGateway(gateway: Gateway | undefined): void {
  slot.gateway = gateway;
}

/** Closes the store of the process's gateway, if one was built, and drops it. For tests. */
export async function closeGateway(): Promise<void> {
  const built = slot.gateway;
  slot.gateway = undefined;
  await built?.store.close();
}
