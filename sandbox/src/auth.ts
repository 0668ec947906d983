/** API keys: x-security-key identifies the key, x-partner must name the key's partner. */

export interface KeyInfo {
  readonly partner: string;
  readonly expired: boolean;
}

export const DEMO_PARTNER = 'demo-partner';
export const DEMO_KEY = 'demo-key';
export const EXPIRED_KEY = 'expired-key';

/** Built-in keys plus "partner:key,partner:key" pairs (SANDBOX_EXTRA_KEYS), e.g. canary credentials. */
export function buildKeyRegistry(extraKeys?: string): Map<string, KeyInfo> {
  const keys = new Map<string, KeyInfo>([
    [DEMO_KEY, { partner: DEMO_PARTNER, expired: false }],
    [EXPIRED_KEY, { partner: DEMO_PARTNER, expired: true }],
  ]);
  for (const pair of (extraKeys ?? '').split(',')) {
    const at = pair.indexOf(':');
    const partner = pair.slice(0, at).trim();
    const key = pair.slice(at + 1).trim();
    if (at > 0 && partner && key) keys.set(key, { partner, expired: false });
  }
  return keys;
}

export type AuthOutcome =
  | { readonly ok: true; readonly key: string }
  | { readonly ok: false; readonly status: 401 | 403; readonly message: string };

export function authenticate(
  keys: ReadonlyMap<string, KeyInfo>,
  key: string | undefined,
  partner: string | undefined,
): AuthOutcome {
  if (!key) return { ok: false, status: 401, message: 'Missing API key (x-security-key header)' };
  const info = keys.get(key);
  if (!info) return { ok: false, status: 401, message: 'Invalid API key' };
  if (info.expired)
    return { ok: false, status: 401, message: 'API key expired; request an extension from the operator' };
  if (!partner) return { ok: false, status: 401, message: 'Missing partner id (x-partner header)' };
  if (partner !== info.partner)
    return { ok: false, status: 403, message: 'This API key is not issued to this partner' };
  return { ok: true, key };
}
