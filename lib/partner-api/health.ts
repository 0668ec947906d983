import 'server-only';
import type { CircuitStateName } from '@/lib/upstream/breaker';
import { getSiteMetrics, setKeyExpiryDays } from '@/lib/metrics/registry';
import { getPartnerConfig } from './config';
import { isPartnerError } from './errors';
import { getGateway } from './gateway';
import { daysUntil, KEY_EXPIRY_WARNING_DAYS } from './key-expiry';
import { checkKeyExpiry } from './observer';
import { usedHouseTypesRaw } from './raw';

/**
 * The detail behind the operator token (`/api/health/details`); the public `/api/health` shows
 * only `status` (see PublicHealth). What the operator needs to see: is the partner reachable, is
 * the key accepted and when does it expire, how much quota is left, are we paused after a 429, is
 * the circuit open, how well the cache works, which store.
 * The probe is a cached read (an hour fresh), so health checks cost the quota almost nothing.
 */
export interface Health {
  status: 'ok' | 'degraded' | 'down';
  mode: 'sandbox' | 'partner';
  partner: {
    reachable: boolean;
    keyAccepted: boolean | null;
    checkedAt: string | null;
    fromCache: boolean;
    error?: string;
  };
  key: { expires: string | null; daysLeft: number | null; warning: boolean };
  quota: { limitPerMinute: number; budgetPerMinute: number; remaining: number | null };
  pause: { paused: boolean; until: string | null };
  cache: { hitRatio: number; hits: number; misses: number; staleServed: number };
  store: { kind: string; reachable: boolean };
  /** This instance's partner circuit: open means partner calls fail fast until `trialAt`. */
  circuit: {
    state: CircuitStateName;
    opened: number;
    halfOpened: number;
    closed: number;
    trialAt: string | null;
  };
}

/**
 * What anyone may know: whether to send guests here. Quota, pause, circuit and key expiry stay
 * behind the token, since they tell an attacker when a flood would hurt most.
 */
export interface PublicHealth {
  status: Health['status'];
}

export function toPublicHealth(health: Health): PublicHealth {
  return { status: health.status };
}

/** 200 while the site can serve guests (ok or degraded); 503 when it cannot (store down, key refused). */
export function healthStatusCode(health: Pick<Health, 'status'>): 200 | 503 {
  return health.status === 'down' ? 503 : 200;
}

export async function getHealth(): Promise<Health> {
  checkKeyExpiry();
  const config = getPartnerConfig();
  const { governor, store } = getGateway();
  let partner: Health['partner'];
  try {
    const res = await usedHouseTypesRaw('EN');
    partner = {
      reachable: true,
      keyAccepted: true,
      checkedAt: new Date(res.storedAt).toISOString(),
      fromCache: res.cache !== 'miss',
    };
  } catch (err) {
    const code = isPartnerError(err) ? err.code : 'internal';
    partner = {
      reachable: code !== 'unavailable' && code !== 'timeout',
      keyAccepted: code === 'unauthorized' || code === 'forbidden' ? false : null,
      checkedAt: null,
      fromCache: false,
      error: code,
    };
  }
  const [stats, storeUp] = await Promise.all([governor.stats(), store.ping().catch(() => false)]);
  const daysLeft = config.keyExpires ? daysUntil(config.keyExpires) : null;
  const warning = daysLeft !== null && daysLeft < KEY_EXPIRY_WARNING_DAYS;
  const healthy =
    partner.keyAccepted === true && storeUp && stats.pausedUntil === null && stats.circuit.state === 'closed';
  return {
    status: !storeUp || partner.keyAccepted === false ? 'down' : healthy && !warning ? 'ok' : 'degraded',
    mode: config.mode,
    partner,
    key: { expires: config.keyExpires ?? null, daysLeft, warning },
    quota: {
      limitPerMinute: config.rateLimitPerMin,
      budgetPerMinute: governor.sizing.budgetPerMin,
      remaining: stats.quotaRemaining,
    },
    pause: {
      paused: stats.pausedUntil !== null,
      until: stats.pausedUntil ? new Date(stats.pausedUntil).toISOString() : null,
    },
    cache: {
      hitRatio: Number(stats.hitRatio.toFixed(3)),
      hits: stats.cacheHits,
      misses: stats.cacheMisses,
      staleServed: stats.staleServed,
    },
    store: { kind: stats.store, reachable: storeUp },
    circuit: {
      ...stats.circuit,
      trialAt: stats.circuit.trialAt === null ? null : new Date(stats.circuit.trialAt).toISOString(),
    },
  };
}

/**
 * Sets the gauges that describe the partner connection now (quota, pause, circuit, key expiry),
 * just before the metrics are rendered: they are read, not counted as things happen.
 */
export async function collectPartnerGauges(now = Date.now()): Promise<void> {
  checkKeyExpiry();
  const { governor } = getGateway();
  const config = getPartnerConfig();
  const stats = await governor.stats();
  const metrics = getSiteMetrics();
  metrics.quotaTokens.set(stats.quotaRemaining ?? -1);
  metrics.paused.set(stats.pausedUntil === null ? 0 : 1);
  for (const state of ['closed', 'open', 'half-open'] as const) {
    metrics.circuitState.set({ state }, stats.circuit.state === state ? 1 : 0);
  }
  setKeyExpiryDays(config.keyExpires ? daysUntil(config.keyExpires, now) : null);
}
