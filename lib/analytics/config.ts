import 'server-only';
import { getSiteEnv } from '@/lib/env';
import type { AnalyticsConfig } from './data-layer';

/**
 * The partner's analytics settings (ANALYTICS_DATALAYER, ANALYTICS_CONSENT), as the plain value
 * the layout hands to the browser. The pages read it on every request, so a restart with other
 * settings takes effect without a new build.
 */
export function getAnalyticsConfig(): AnalyticsConfig {
  const env = getSiteEnv();
  return { enabled: env.ANALYTICS_DATALAYER === 'on', consent: env.ANALYTICS_CONSENT };
}

/** The event when analytics is on, else null, so a page with analytics off carries no event data. */
export function whenAnalyticsOn<T>(build: () => T): T | null {
  return getAnalyticsConfig().enabled ? build() : null;
}
