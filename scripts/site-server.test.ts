import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS, hasMalformedPath, readTimeouts } from './site-server';

describe('the site server', () => {
  it.each(['/%ff', '/api/houses/%E0%A4%A/units', '/en/book/%E0%A4%A', '/%', '/a%2'])('finds %s malformed', (target) => {
    expect(hasMalformedPath(target)).toBe(true);
  });

  it.each(['/', '/en/search?q=%ff', '/nl/houses/1001', '/api/x%20y', '/de/%C3%BC'])('passes %s on to Next.js', (target) => {
    expect(hasMalformedPath(target)).toBe(false);
  });

  it('uses the documented timeouts unless configured, and refuses values that would disable them', () => {
    expect(readTimeouts({})).toEqual(DEFAULT_TIMEOUTS);
    expect(readTimeouts({ SERVER_REQUEST_TIMEOUT_MS: '5000' }).requestMs).toBe(5000);
    for (const bad of ['0', '-1', '1e4', 'soon', '999', '3600000']) {
      expect(() => readTimeouts({ SERVER_HEADERS_TIMEOUT_MS: bad })).toThrow(/SERVER_HEADERS_TIMEOUT_MS/);
    }
  });
});
