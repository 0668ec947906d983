import type { IncomingMessage } from 'node:http';
import { SOCKET_ADDRESS_HEADER } from '@/lib/http/client-address';
import { HASH_POLICY_REQUEST_HEADER } from '@/lib/security-headers';
import { dropRequestHeaders } from '../http/request-headers';

const FORWARDING_HEADERS: ReadonlySet<string> = new Set([
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
]);

/**
 * What the site does to every request's headers before anything answers it. Removed, from the
 * raw headers too and in one pass over them:
 * - with no proxy of ours in front of the site, the forwarding headers, since the client wrote
 *   them itself: Next.js then fills in its own from the connection. A forged
 *   `X-Forwarded-Proto: https` otherwise makes Next.js take some of its own rewrites for another
 *   origin's and proxy them to itself over TLS, which fails with a 500;
 * - SOCKET_ADDRESS_HEADER, which is then set to the connection's real peer;
 * - the page cache's request for a page without a nonce: only the page cache asks for one.
 * The set of names is made once, for the server's TRUST_PROXY.
 */
export function createRequestHeaderCleaner(trustedHops: number): (req: IncomingMessage) => void {
  const names = new Set([SOCKET_ADDRESS_HEADER, HASH_POLICY_REQUEST_HEADER]);
  if (trustedHops === 0) for (const name of FORWARDING_HEADERS) names.add(name);
  return (req) => {
    dropRequestHeaders(req, names);
    const address = req.socket.remoteAddress;
    if (address) req.headers[SOCKET_ADDRESS_HEADER] = address;
  };
}
