import { requestContext, withRequestContext } from '@/lib/request-context';

/**
 * Which client a request's upstream calls are made for, so the governor can keep each client to
 * its share of the browsing quota (GovernorOptions.clientShare). The site's HTTP server
 * (scripts/site-server.ts) runs each request inside `runAsClient` with the request's client key
 * (lib/http/client-address.ts); code run outside it has no client and no share to keep to.
 *
 * No `server-only` marker: the site server, which runs outside Next.js, loads it too. The client
 * lives in the request context (lib/request-context.ts), which every copy of this module shares.
 */

export function runAsClient<T>(client: string, fn: () => T, visitor?: string): T {
  return withRequestContext({ client, visitor }, fn);
}

/**
 * The client the current request is served for (its address key) and the browser mark it carries;
 * undefined outside a request of the site server.
 */
export function currentClient(): { address: string; visitor: string | undefined } | undefined {
  const { client, visitor } = requestContext();
  return client === undefined ? undefined : { address: client, visitor };
}
