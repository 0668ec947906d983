import { describe, expect, it } from 'vitest';
import { baselineSecurityHeaders, contentSecurityPolicy, securityHeaders } from './security-headers';

describe('security headers: a strict nonce policy, no framing, no sniffing, booking pages never stored', () => {
  it('builds a strict, nonce-based CSP', () => {
    const csp = contentSecurityPolicy('abc123', false);
    expect(csp).toContain(`script-src 'self' 'nonce-abc123' 'strict-dynamic'`);
    for (const directive of [`object-src 'none'`, `base-uri 'none'`, `frame-ancestors 'none'`, `form-action 'self'`]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');
  });

  it('sends HSTS for a year, nosniff, a strict referrer policy and COOP', () => {
    const h = securityHeaders('n', '/en/search');
    expect(h['strict-transport-security']).toMatch(/max-age=(\d+); includeSubDomains/);
    expect(Number(/max-age=(\d+)/.exec(h['strict-transport-security']!)![1])).toBeGreaterThanOrEqual(31536000);
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('marks booking pages no-store, and only those', () => {
    expect(securityHeaders('n', '/de/book/1001')['cache-control']).toBe('private, no-store');
    expect(securityHeaders('n', '/fr/booking/thank-you')['cache-control']).toBe('private, no-store');
    expect(securityHeaders('n', '/nl/houses/1001')['cache-control']).toBeUndefined();
  });

  it('marks the partner report page no-store: it carries one partner’s figures', () => {
    expect(securityHeaders('n', '/en/partners/report')['cache-control']).toBe('private, no-store');
    expect(securityHeaders(null, '/nl/partners/report')['cache-control']).toBe('private, no-store');
    expect(securityHeaders('n', '/nl/partners/links')['cache-control']).toBeUndefined();
  });
});

describe('the headers every answer starts with', () => {
  it('lets no inline script run, forbids framing and sniffing', () => {
    const h = baselineSecurityHeaders(false);
    const csp = h['content-security-policy']!;
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/nonce-|strict-dynamic/);
    expect(csp).toContain(`frame-ancestors 'none'`);
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('DENY');
  });

  it('carries the same fixed headers a page gets, so only the policy differs', () => {
    const page = securityHeaders('n', '/en/search');
    const base = baselineSecurityHeaders(false);
    delete page['content-security-policy'];
    delete base['content-security-policy'];
    expect(base).toEqual(page);
  });
});
