/**
 * The site server's own settings, each read from its variable with the default it documents. A
 * wrong value throws with the variable's name and what is wrong, never the value itself.
 */
import { DEFAULT_PAGE_STORE_BYTES } from '../page-store/page-store';

export interface ServerTimeouts {
  /** Longest wait for a request's complete headers (slow-header attacks). */
  readonly headersMs: number;
  /** Longest wait for a complete request, body included (slow-body attacks). */
  readonly requestMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  readonly keepAliveMs: number;
}

/**
 * Requests here are small (the largest body is a guest form of a few kilobytes), so a client
 * that needs longer than this is broken or hostile. Keep-alive outlasts the 60 s idle timeout of
 * common load balancers, so the balancer, not the site, closes an idle connection and never
 * sends a request into one the site is closing.
 */
export const DEFAULT_TIMEOUTS: ServerTimeouts = { headersMs: 15_000, requestMs: 30_000, keepAliveMs: 65_000 };

export const TIMEOUT_ENV: Readonly<Record<keyof ServerTimeouts, string>> = {
  headersMs: 'SERVER_HEADERS_TIMEOUT_MS',
  requestMs: 'SERVER_REQUEST_TIMEOUT_MS',
  keepAliveMs: 'SERVER_KEEP_ALIVE_TIMEOUT_MS',
};

export function readTimeouts(env: Record<string, string | undefined>): ServerTimeouts {
  const out: Record<string, number> = {};
  for (const [key, name] of Object.entries(TIMEOUT_ENV) as [keyof ServerTimeouts, string][]) {
    const raw = env[name];
    if (raw === undefined || raw === '') {
      out[key] = DEFAULT_TIMEOUTS[key];
      continue;
    }
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < 1000 || value > 600_000) {
      throw new Error(`Invalid site configuration: ${name} must be milliseconds between 1000 and 600000`);
    }
    out[key] = value;
  }
  return out as unknown as ServerTimeouts;
}

/** TRUST_PROXY: how many proxies we run in front of the site (lib/http/client-address.ts). */
export function readTrustedHops(env: Record<string, string | undefined>): number {
  const raw = env.TRUST_PROXY ?? '';
  if (raw === '') return 0;
  if (!/^[0-5]$/.test(raw))
    throw new Error('Invalid site configuration: TRUST_PROXY must be a number of proxies from 0 to 5');
  return Number(raw);
}

export interface PageStoreSettings {
  /** false: no page is kept in this process (shared caches may still keep them). */
  readonly enabled: boolean;
  readonly maxBytes: number;
}

/** PAGE_STORE=off turns this instance's page store off; PAGE_STORE_MB sizes it (default 32). */
export function readPageStoreSettings(env: Record<string, string | undefined>): PageStoreSettings {
  const mode = env.PAGE_STORE ?? '';
  if (mode !== '' && mode !== 'on' && mode !== 'off') {
    throw new Error('Invalid site configuration: PAGE_STORE must be on or off');
  }
  const megabytes = env.PAGE_STORE_MB ?? '';
  if (megabytes !== '' && (!/^\d+$/.test(megabytes) || Number(megabytes) < 1 || Number(megabytes) > 4096)) {
    throw new Error('Invalid site configuration: PAGE_STORE_MB must be megabytes between 1 and 4096');
  }
  return {
    enabled: mode !== 'off',
    maxBytes: megabytes === '' ? DEFAULT_PAGE_STORE_BYTES : Number(megabytes) * 1024 * 1024,
  };
}
