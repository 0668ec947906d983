import 'server-only';
import { getLogger } from '@/lib/log';
import { getSiteMetrics } from '@/lib/metrics/registry';
import type { GovernorObserver } from '@/lib/upstream/observer';
import { getPartnerConfig } from './config';
import { logFailedCall } from './failure-log';
import { createKeyExpiryWarning, getKeyExpiryWarning } from './key-expiry';

/** Logs the key-expiry warning if today's is due (see key-expiry.ts). */
export function checkKeyExpiry(): void {
  getKeyExpiryWarning(() =>
    createKeyExpiryWarning({ expires: getPartnerConfig().keyExpires, logger: getLogger }),
  ).check();
}

/**
 * What the gateway's governor reports, turned into the site's metrics, and each failed call into
 * one log line (./failure-log.ts); every partner call also checks whether the key-expiry warning
 * is due, so a site that nobody probes still warns.
 */
export function createPartnerObserver(): GovernorObserver {
  return {
    sent(op, outcome, error) {
      const metrics = getSiteMetrics();
      metrics.partnerCalls.inc({ operation: op, outcome });
      if (outcome === 'rate_limited') metrics.partnerRateLimited.inc({ operation: op });
      if (outcome !== 'ok') logFailedCall(op, error);
      checkKeyExpiry();
    },
    refused(op, reason) {
      getSiteMetrics().partnerRefusals.inc({ operation: op, reason });
      checkKeyExpiry();
    },
    read(op, result) {
      getSiteMetrics().cacheReads.inc({ operation: op, result });
    },
  };
}
