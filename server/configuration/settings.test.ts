import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS, readTimeouts, readTrustedHops } from './settings';

describe('the site server settings', () => {
  it('uses the documented timeouts unless configured, and refuses values that would disable them', () => {
    expect(readTimeouts({})).toEqual(DEFAULT_TIMEOUTS);
    expect(readTimeouts({ SERVER_REQUEST_TIMEOUT_MS: '5000' }).requestMs).toBe(5000);
    for (const bad of ['0', '-1', '1e4', 'soon', '999', '3600000']) {
      expect(() => readTimeouts({ SERVER_HEADERS_TIMEOUT_MS: bad })).toThrow(/SERVER_HEADERS_TIMEOUT_MS/);
    }
  });

  it('reads TRUST_PROXY as a number of proxies and refuses anything else', () => {
    expect(readTrustedHops({})).toBe(0);
    expect(readTrustedHops({ TRUST_PROXY: '2' })).toBe(2);
    for (const bad of ['true', '-1', '9', '1.5', 'yes']) expect(() => readTrustedHops({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });

});
