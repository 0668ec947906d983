import { describe, expect, it } from 'vitest';
import { STALE_IN_FLIGHT_MS } from '@/lib/booking-flow/records/finalize-records';
import { parsePartnerConfig } from './config';

describe('PARTNER_WRITE_TIMEOUT_MS', () => {
  it('defaults to 15 s, longer than a read’s timeout, and takes a value in range', () => {
    const defaults = parsePartnerConfig({});
    expect(defaults.writeTimeoutMs).toBe(15_000);
    expect(defaults.writeTimeoutMs).toBeGreaterThan(defaults.timeoutMs);
    expect(parsePartnerConfig({ PARTNER_WRITE_TIMEOUT_MS: '20000' }).writeTimeoutMs).toBe(20_000);
  });

  it('refuses a value that is not a whole number of milliseconds between 1 s and 2 min, naming only the variable', () => {
    for (const value of ['500', '120001', 'abc', '1.5e3x']) {
      expect(() => parsePartnerConfig({ PARTNER_WRITE_TIMEOUT_MS: value })).toThrow(
        /PARTNER_WRITE_TIMEOUT_MS/,
      );
    }
  });

  it('is always shorter than the age at which a finalize in flight counts as lost with its instance', () => {
    // A finalize still waiting for the partner must not be reported lost (an operator alert, and
    // "checking" to the guest) by a retry that finds its record.
    const longest = parsePartnerConfig({ PARTNER_WRITE_TIMEOUT_MS: '120000' }).writeTimeoutMs;
    expect(() => parsePartnerConfig({ PARTNER_WRITE_TIMEOUT_MS: String(longest + 1) })).toThrow();
    expect(STALE_IN_FLIGHT_MS).toBeGreaterThan(longest);
  });
});
