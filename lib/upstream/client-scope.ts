import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which client a request's upstream calls are made for, so the governor can keep each client to
 * its share of the browsing quota (GovernorOptions.clientShare). The site's HTTP server
 * (scripts/site-server.ts) runs each request inside `runAsClient` with the request's client key
 * (lib/http/client-address.ts); code run outside it has no client and no share to keep to.
 *
 * No `server-only` marker: the site server, which runs outside Next.js, loads it too. The storage
 * is one per process, on globalThis under a registered symbol: Next.js loads its own copies of
 * this module for pages and route handlers, and all of them must read the server's.
 */
const KEY = Symbol.for('partner-booking-site.upstream.client');
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<string> | undefined>;

function storage(): AsyncLocalStorage<string> {
  holder[KEY] ??= new AsyncLocalStorage<string>();
  return holder[KEY];
}

export function runAsClient<T>(client: string, fn: () => T): T {
  return storage().run(client, fn);
}

/** The client the current request is served for; undefined outside a request of the site server. */
export function currentClient(): string | undefined {
  return storage().getStore();
}
