import 'server-only';
import { processSingleton } from '@/lib/process-singleton';

/**
 * The partner key is rotated every three months and the partner refuses an expired one, which
 * takes every page down. From KEY_EXPIRY_WARNING_DAYS before the configured expiry date the site
 * logs a warning, once per day per instance, so the log alerting sees it without a flood.
 */

export const KEY_EXPIRY_WARNING_DAYS = 14;

const DAY_MS = 86_400_000;

/** Whole days from `now` to the start (00:00 UTC) of `isoDate`; negative once it has passed. */
export function daysUntil(isoDate: string, now = Date.now()): number {
  return Math.floor((Date.parse(`${isoDate}T00:00:00Z`) - now) / DAY_MS);
}

interface WarnLogger {
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export interface KeyExpiryWarning {
  /** Logs the day's warning if one is due and not yet logged today; cheap enough for every call. */
  check(): void;
}

export function createKeyExpiryWarning(options: {
  expires: string | undefined;
  logger: () => WarnLogger;
  now?: () => number;
}): KeyExpiryWarning {
  const now = options.now ?? Date.now;
  let lastDay: number | undefined;
  return {
    check() {
      const { expires } = options;
      if (expires === undefined) return;
      const at = now();
      const day = Math.floor(at / DAY_MS);
      if (day === lastDay) return;
      const daysLeft = daysUntil(expires, at);
      if (daysLeft >= KEY_EXPIRY_WARNING_DAYS) return;
      lastDay = day;
      const fields = { event: 'partner.key_expiry', keyExpires: expires, daysLeft };
      if (daysLeft < 0) options.logger().error(fields, 'partner API key has expired: rotate it now');
      else options.logger().warn(fields, `partner API key expires in ${daysLeft} days: rotate it`);
    },
  };
}

/**
 * The instance's one warning state, a process singleton because pages and route handlers each
 * load their own copy of this module: a module-scope "last day warned" would warn once per copy.
 */
export function getKeyExpiryWarning(create: () => KeyExpiryWarning): KeyExpiryWarning {
  return processSingleton('key-expiry-warning', create);
}
