import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SOCKET_ADDRESS_HEADER } from '../lib/http/client-address';
import { HASH_POLICY_REQUEST_HEADER } from '../lib/security-headers';
import {
  createRequestHeaderCleaner,
  DEFAULT_TIMEOUTS,
  hasMalformedPath,
  hasMalformedRouterState,
  isPageWriteWithoutAction,
  loadRouterStateCheck,
  plainUnreserved,
  readTimeouts,
  readTrustedHops,
} from './site-server';

/** A request as the server receives it, from `remoteAddress`, with these raw headers. */
function incoming(remoteAddress: string, rawHeaders: string[]): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: remoteAddress });
  const req = new IncomingMessage(socket);
  req.rawHeaders = [...rawHeaders];
  for (let i = 0; i < rawHeaders.length; i += 2) req.headers[rawHeaders[i]!.toLowerCase()] = rawHeaders[i + 1];
  return req;
}

describe('the site server', () => {
  it.each(['/%ff', '/api/houses/%E0%A4%A/units', '/en/book/%E0%A4%A', '/%', '/a%2', '/de/book/%00', '/en/%0a', '/a%7F', '*', 'en', 'x:y'])('finds %s malformed', (target) => {
    expect(hasMalformedPath(target)).toBe(true);
  });

  it.each(['/', '/en/search?q=%ff', '/nl/houses/1001', '/api/x%20y', '/de/%C3%BC'])('passes %s on to Next.js', (target) => {
    expect(hasMalformedPath(target)).toBe(false);
  });

  it.each([
    ['/%65n/help', '/en/help'],
    ['/E%6e/%68elp?q=%65', '/En/help?q=%65'],
    ['/a%2Fb/%20x/%C3%BC/%7e', '/a%2Fb/%20x/%C3%BC/~'],
    ['/%ff', '/%ff'],
  ])('spells the unreserved characters of %s plainly: %s', (target, plain) => {
    expect(plainUnreserved(target)).toBe(plain);
  });

  it('uses the documented timeouts unless configured, and refuses values that would disable them', () => {
    expect(readTimeouts({})).toEqual(DEFAULT_TIMEOUTS);
    expect(readTimeouts({ SERVER_REQUEST_TIMEOUT_MS: '5000' }).requestMs).toBe(5000);
    for (const bad of ['0', '-1', '1e4', 'soon', '999', '3600000']) {
      expect(() => readTimeouts({ SERVER_HEADERS_TIMEOUT_MS: bad })).toThrow(/SERVER_HEADERS_TIMEOUT_MS/);
    }
  });

  it('puts the socket address in its header, and no client can set that header itself', () => {
    const req = incoming('127.0.0.2', [SOCKET_ADDRESS_HEADER, '203.0.113.9', 'X-Site-Socket-Address', '6.6.6.6', 'accept', '*/*']);
    createRequestHeaderCleaner(0)(req);
    expect(req.headers[SOCKET_ADDRESS_HEADER]).toBe('127.0.0.2');
    expect(req.rawHeaders).toEqual(['accept', '*/*']);
  });

  it('removes forwarding headers a client wrote itself when no proxy of ours is in front, and keeps them behind one', () => {
    const raw = ['X-Forwarded-Proto', 'https', 'x-forwarded-for', '6.6.6.6', 'Forwarded', 'for=6.6.6.6', 'host', 'a'];
    const direct = incoming('127.0.0.1', raw);
    createRequestHeaderCleaner(0)(direct);
    expect(direct.headers['x-forwarded-proto']).toBeUndefined();
    expect(direct.headers['x-forwarded-for']).toBeUndefined();
    expect(direct.headers.forwarded).toBeUndefined();
    expect(direct.rawHeaders).toEqual(['host', 'a']);
    const proxied = incoming('10.0.0.5', raw);
    createRequestHeaderCleaner(1)(proxied);
    expect(proxied.headers['x-forwarded-for']).toBe('6.6.6.6');
  });

  it('removes the page cache\'s own request for a page without a nonce: no client may send it', () => {
    const req = incoming('127.0.0.1', [HASH_POLICY_REQUEST_HEADER, '1', 'accept', '*/*']);
    createRequestHeaderCleaner(1)(req);
    expect(req.headers[HASH_POLICY_REQUEST_HEADER]).toBeUndefined();
    expect(req.rawHeaders).toEqual(['accept', '*/*']);
  });

  it('reads TRUST_PROXY as a number of proxies and refuses anything else', () => {
    expect(readTrustedHops({})).toBe(0);
    expect(readTrustedHops({ TRUST_PROXY: '2' })).toBe(2);
    for (const bad of ['true', '-1', '9', '1.5', 'yes']) expect(() => readTrustedHops({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });

  it('finds a router-state header Next.js could not parse, and passes the ones its router sends', () => {
    const check = loadRouterStateCheck(process.cwd());
    const valid = encodeURIComponent(JSON.stringify(['', { children: ['__PAGE__', {}] }, null, null]));
    expect(hasMalformedRouterState(incoming('127.0.0.1', ['next-router-state-tree', valid]), check)).toBe(false);
    expect(hasMalformedRouterState(incoming('127.0.0.1', []), check)).toBe(false);
    for (const bad of ["'", '%7B', encodeURIComponent('{"a":1}'), encodeURIComponent('[1]'), 'x'.repeat(50_000)]) {
      expect(hasMalformedRouterState(incoming('127.0.0.1', ['next-router-state-tree', bad]), check), bad.slice(0, 20)).toBe(true);
    }
  });

  it('refuses a form post to a page that is no server action, and lets reads, actions and the API through', () => {
    const request = (method: string, url: string, headers: string[] = []) => {
      const req = incoming('127.0.0.1', headers);
      req.method = method;
      req.url = url;
      return req;
    };
    expect(isPageWriteWithoutAction(request('POST', '/en/search', ['content-type', 'multipart/form-data; boundary=x']))).toBe(true);
    expect(isPageWriteWithoutAction(request('DELETE', '/en/houses/1005'))).toBe(true);
    expect(isPageWriteWithoutAction(request('POST', '/en/search', ['next-action', 'abc123']))).toBe(false);
    expect(isPageWriteWithoutAction(request('GET', '/en/search'))).toBe(false);
    expect(isPageWriteWithoutAction(request('HEAD', '/en'))).toBe(false);
    expect(isPageWriteWithoutAction(request('POST', '/api/booking/pre-register'))).toBe(false);
    expect(isPageWriteWithoutAction(request('POST', '/api'))).toBe(false);
    expect(isPageWriteWithoutAction(request('POST', '/apix'))).toBe(true);
  });
});
