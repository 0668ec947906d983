import 'server-only';
import { getPartnerConfig, type PartnerConfig } from './config';

/**
 * Where a guest may be sent to pay, from the partner's `paymentUrl`: an http(s) URL without
 * credentials, and in sandbox mode only on the sandbox's own origin (its fake payment page). In
 * partner mode any https origin passes, since the partner names its payment provider and the
 * answer was schema-checked; plain http never does. Null when the URL may not be followed.
 */
export function getSafePaymentUrl(
  value: string | null,
  config: Pick<PartnerConfig, 'mode' | 'baseUrl'> = getPartnerConfig(),
): string | null {
  if (value === null) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.origin === config.baseUrl.origin) return value;
  return config.mode === 'partner' && url.protocol === 'https:' ? value : null;
}
