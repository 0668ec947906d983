import { describe, expect, it } from 'vitest';
import {
  REPORT_COOKIE_MAX_AGE_S,
  clearReportCookie,
  readReportCookie,
  reportCookieName,
  reportCookieValue,
  setReportCookie,
} from './report-cookie';

const TOKEN = 'a-partner-report-token-of-32-characters!';
const KEY = 'session-secret-session-secret-session-secret';
const NOW = Date.UTC(2027, 4, 1, 12);

describe('the partner report cookie', () => {
  it('holds an HMAC of the token, never the token itself', () => {
    const value = reportCookieValue(TOKEN, KEY, NOW);
    expect(value).not.toContain(TOKEN);
    expect(value).not.toContain(Buffer.from(TOKEN).toString('base64url'));
    expect(value).toMatch(/^v1\.\d+\.[A-Za-z0-9_-]{43}$/);
  });

  it('is accepted for the token and key it was made with, until it expires', () => {
    const value = reportCookieValue(TOKEN, KEY, NOW);
    expect(readReportCookie(value, TOKEN, KEY, NOW + 1000)).toBe(true);
    expect(readReportCookie(value, TOKEN, KEY, NOW + REPORT_COOKIE_MAX_AGE_S * 1000 - 1000)).toBe(true);
    expect(readReportCookie(value, TOKEN, KEY, NOW + REPORT_COOKIE_MAX_AGE_S * 1000 + 1000)).toBe(false);
  });

  it('is refused once the token or the key changes, or when any part is altered', () => {
    const value = reportCookieValue(TOKEN, KEY, NOW);
    expect(readReportCookie(value, `${TOKEN}x`, KEY, NOW)).toBe(false);
    expect(readReportCookie(value, TOKEN, `${KEY}x`, NOW)).toBe(false);
    const [version, expires, mac] = value.split('.');
    expect(readReportCookie(`${version}.${Number(expires) + 3600}.${mac}`, TOKEN, KEY, NOW)).toBe(false);
    const flipped = `${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`;
    expect(readReportCookie(`${version}.${expires}.${flipped}`, TOKEN, KEY, NOW)).toBe(false);
    for (const junk of [undefined, '', 'v1', 'v1..', 'v2.1.x', TOKEN]) {
      expect(readReportCookie(junk, TOKEN, KEY, NOW)).toBe(false);
    }
  });

  it('is set HttpOnly, SameSite=Strict and Path=/, Secure with a __Host- name on https sites only', () => {
    const plain = setReportCookie('v', false);
    expect(plain).toMatch(/^partner-report=v; /);
    expect(plain).toContain('HttpOnly');
    expect(plain).toContain('SameSite=Strict');
    expect(plain).toContain('Path=/');
    expect(plain).toContain(`Max-Age=${REPORT_COOKIE_MAX_AGE_S}`);
    expect(plain).not.toContain('Secure');
    const secure = setReportCookie('v', true);
    expect(secure).toMatch(/^__Host-partner-report=v; /);
    expect(secure).toContain('Secure');
    expect(reportCookieName(true)).toBe('__Host-partner-report');
  });

  it('is cleared with an empty value that expires at once', () => {
    expect(clearReportCookie(false)).toMatch(/^partner-report=; .*Max-Age=0/);
    expect(clearReportCookie(true)).toMatch(/^__Host-partner-report=; .*Secure/);
  });
});
