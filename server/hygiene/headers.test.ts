import { describe, expect, it } from 'vitest';
import { SOCKET_ADDRESS_HEADER } from '@/lib/http/client-address';
import { HASH_POLICY_REQUEST_HEADER } from '@/lib/security-headers';
import { incoming } from '../testing/incoming';
import { createRequestHeaderCleaner } from './headers';

describe('the request headers the site server cleans', () => {
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

});
