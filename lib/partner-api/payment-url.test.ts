import { describe, expect, it } from 'vitest';
import { getSafePaymentUrl } from './payment-url';

const sandbox = { mode: 'sandbox', baseUrl: new URL('http://127.0.0.1:4110') } as const;
const partner = { mode: 'partner', baseUrl: new URL('https://api.partner.example/bungalow') } as const;

const TRICKS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'https://app@evil.example',
  'https://user:pass@pay.example/x',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  'https:\\\\evil.example'.replace('https:', 'http:'),
  'http://book.example.nl.evil.example',
  '/%2F%2Fevil.example',
  '/nl/booking/thank-you#@evil.example',
  ' javascript:alert(1)',
  'evil.example',
  '',
];

describe('getSafePaymentUrl', () => {
  it('follows the sandbox payment page only from the sandbox origin', () => {
    expect(getSafePaymentUrl('http://127.0.0.1:4110/__pay/abc', sandbox)).toBe('http://127.0.0.1:4110/__pay/abc');
    expect(getSafePaymentUrl('http://127.0.0.1:9999/__pay/abc', sandbox)).toBeNull();
    expect(getSafePaymentUrl('https://pay.example/x', sandbox)).toBeNull();
  });

  it('in partner mode follows any https provider, never plain http, credentials or other schemes', () => {
    expect(getSafePaymentUrl('https://pay.example/x', partner)).toBe('https://pay.example/x');
    expect(getSafePaymentUrl('http://pay.example/x', partner)).toBeNull();
    for (const trick of TRICKS) expect(getSafePaymentUrl(trick, partner), trick).toBeNull();
    expect(getSafePaymentUrl(null, partner)).toBeNull();
  });
});
