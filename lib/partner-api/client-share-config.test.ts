import { describe, expect, it } from 'vitest';
import { parsePartnerConfig } from './config';

describe('the browsing shares of browsers and addresses', () => {
  it('default to a third of the site’s browsing calls per browser and two thirds per address', () => {
    const config = parsePartnerConfig({});
    expect(config.callsPerClientMin).toBe(30);
    expect(config.callsPerAddressMin).toBe(60);
    expect(parsePartnerConfig({ PARTNER_RATE_LIMIT_PER_MIN: '1000' })).toMatchObject({
      callsPerClientMin: 300,
      callsPerAddressMin: 600,
    });
  });

  it('follow the browser’s share when only it is set, and take either setting, 0 meaning no limit', () => {
    expect(parsePartnerConfig({ PARTNER_CALLS_PER_CLIENT_MIN: '5' }).callsPerAddressMin).toBe(10);
    expect(parsePartnerConfig({ PARTNER_CALLS_PER_CLIENT_MIN: '0' })).toMatchObject({
      callsPerClientMin: null,
      callsPerAddressMin: null,
    });
    expect(parsePartnerConfig({ PARTNER_CALLS_PER_ADDRESS_MIN: '45' }).callsPerAddressMin).toBe(45);
    expect(parsePartnerConfig({ PARTNER_CALLS_PER_ADDRESS_MIN: '0' }).callsPerAddressMin).toBeNull();
  });
});
