import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which client sent a request, for the inbound limits. Pure and free of Next.js, so the site's
 * HTTP server (server/) and the route handlers share it.
 *
 * A client chooses every header it sends, X-Forwarded-For included, and Next.js passes a
 * client's own X-Forwarded-For on unchanged. The one address a client cannot choose is the TCP
 * peer of its connection, so the site server copies the socket's remote address into
 * SOCKET_ADDRESS_HEADER after deleting any copy the client sent.
 *
 * `trustedHops` is how many proxies we run in front of the site, each appending the address it
 * was connected from to X-Forwarded-For (TRUST_PROXY):
 * - 0, clients connect to the site directly: the socket address is the client;
 * - 1, one reverse proxy or load balancer: the last entry is the client, as the proxy saw it;
 * - 2, a CDN in front of that proxy: the CDN appended the client, our proxy the CDN, so the
 *   second entry from the end is the client.
 * Entries before those are whatever the client wrote and are never read. A request with fewer
 * entries than trusted hops did not come through the proxies (or they are misconfigured): it is
 * keyed on its socket address, which is at least not the client's choice.
 */

export const SOCKET_ADDRESS_HEADER = 'x-site-socket-address';

/** The key of a request whose address is unknown (not started by the site server). */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * The limiter key of one address, or null when the text is not an address. An IPv4-mapped IPv6
 * address (or the deprecated IPv4-compatible ::a.b.c.d) counts as its IPv4 address. Other IPv6 addresses count by their /64 network: a single
 * subscriber is usually given a whole /64, so keying on the full address would let one client
 * take as many budgets as it cares to pick addresses.
 */
export function addressKey(raw: string | null | undefined): string | null {
  const text = (raw ?? '').trim().replace(/^\[(.*)\]$/, '$1');
  if (isIP(text) === 4) return text;
  // The zone (fe80::1%eth0) names the host's interface, not the client.
  const v6 = text.replace(/%.*$/, '');
  if (isIP(v6) !== 6) return null;
  const address = ipaddr.IPv6.parse(v6);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  return `${address.parts
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The same key for a request as Node's HTTP server hands it over (the site server's side). */
export function nodeClientAddressKey(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  trustedHops: number,
): string {
  const web = new Headers();
  const socket = headers[SOCKET_ADDRESS_HEADER];
  if (typeof socket === 'string') web.set(SOCKET_ADDRESS_HEADER, socket);
  const forwarded = headers['x-forwarded-for'];
  if (forwarded !== undefined) web.set('x-forwarded-for', String(forwarded));
  return clientAddressKey(web, trustedHops);
}

/**
 * The client's limiter key from a request's headers: see the top of this file. Not proxy-addr:
 * given a hop count it answers the first address the client wrote itself when fewer hops arrived.
 */
export function clientAddressKey(headers: Headers, trustedHops: number): string {
  const socket = addressKey(headers.get(SOCKET_ADDRESS_HEADER));
  if (trustedHops <= 0) return socket ?? UNKNOWN_CLIENT;
  const hops = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (hops.length < trustedHops) return socket ?? UNKNOWN_CLIENT;
  return addressKey(hops[hops.length - trustedHops]) ?? socket ?? UNKNOWN_CLIENT;
}
