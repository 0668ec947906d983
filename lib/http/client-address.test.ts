import { describe, expect, it } from 'vitest';
import { SOCKET_ADDRESS_HEADER, addressKey, clientAddressKey } from './client-address';

/** Which client a request counts as, for each way the site can be deployed. */

const headers = (socket: string | undefined, xff?: string) =>
  new Headers({
    ...(socket !== undefined ? { [SOCKET_ADDRESS_HEADER]: socket } : {}),
    ...(xff !== undefined ? { 'x-forwarded-for': xff } : {}),
  });

describe('addressKey', () => {
  it('keeps IPv4 addresses and reads IPv4-mapped IPv6 addresses as IPv4', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:127.0.0.2')).toBe('127.0.0.2');
    expect(addressKey('::FFFF:7f00:1')).toBe('127.0.0.1');
  });

  it('reads the deprecated IPv4-compatible form (::a.b.c.d) as the IPv4 address it carries, like a mapped one', () => {
    expect(addressKey('::192.0.2.1')).toBe('192.0.2.1');
  });

  it('counts IPv6 addresses by their /64, so one subscriber cannot pick a new budget per address', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(addressKey('[2001:db8:1:3::1]')).toBe('2001:db8:1:3::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('refuses anything that is not an address', () => {
    for (const text of [
      '',
      'unknown',
      '<script>',
      '1.2.3',
      '999.1.1.1',
      '2001:db8::1::2',
      '203.0.113.9:443',
      null,
      undefined,
    ]) {
      expect(addressKey(text), String(text)).toBeNull();
    }
  });
});

describe('clientAddressKey', () => {
  it('without a trusted proxy, keys on the socket address and ignores X-Forwarded-For', () => {
    expect(clientAddressKey(headers('127.0.0.1'), 0)).toBe('127.0.0.1');
    expect(clientAddressKey(headers('127.0.0.1', '6.6.6.6'), 0)).toBe('127.0.0.1');
    expect(clientAddressKey(headers('127.0.0.1', '6.6.6.7, 8.8.8.8'), 0)).toBe('127.0.0.1');
    expect(clientAddressKey(headers('127.0.0.2', '6.6.6.6'), 0)).toBe('127.0.0.2');
  });

  it('is unknown only when nothing tells the address (not started by the site server)', () => {
    expect(clientAddressKey(headers(undefined, '6.6.6.6'), 0)).toBe('unknown');
    expect(clientAddressKey(headers('garbage'), 0)).toBe('unknown');
  });

  it('behind one proxy, keys on the hop the proxy appended, whatever the client wrote before it', () => {
    expect(clientAddressKey(headers('10.0.0.5', '203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientAddressKey(headers('10.0.0.5', '6.6.6.6, 203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientAddressKey(headers('10.0.0.5', '1.1.1.1,203.0.113.9'), 1)).toBe('203.0.113.9');
  });

  it('behind a CDN and a proxy, keys on the hop the CDN appended (second from the end)', () => {
    expect(clientAddressKey(headers('10.0.0.5', '203.0.113.9, 198.51.100.7'), 2)).toBe('203.0.113.9');
    expect(clientAddressKey(headers('10.0.0.5', '6.6.6.6, 203.0.113.9, 198.51.100.7'), 2)).toBe(
      '203.0.113.9',
    );
  });

  it('falls back to the socket when a request did not come through every trusted hop', () => {
    expect(clientAddressKey(headers('192.0.2.44'), 1)).toBe('192.0.2.44');
    expect(clientAddressKey(headers('192.0.2.44', '203.0.113.9'), 2)).toBe('192.0.2.44');
    expect(clientAddressKey(headers('192.0.2.44', '<script>'), 1)).toBe('192.0.2.44');
  });
});
