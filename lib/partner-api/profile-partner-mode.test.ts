import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePartnerConfig } from './config';
import { OPERATIONS } from './operations';
import { createDefaultProfile, loadPartnerProfile, partnerProfileNotice } from './profile';

/**
 * Which profile the site speaks when nothing names one: the sandbox's in sandbox mode, and in
 * partner mode the partner's API as its public pages document it, so a first booking never goes
 * to a path only the sandbox serves.
 */

const SHIPPED = path.resolve(__dirname, '../../profiles/partner-documented.json');
const PARTNER = {
  PARTNER_API_URL: 'https://partner.example',
  PARTNER_API_KEY: 'key',
  PARTNER_ID: 'partner',
};

describe('partner mode without PARTNER_PROFILE', () => {
  it('pre-registers and finalizes at the paths the partner documents', () => {
    const { profile } = parsePartnerConfig(PARTNER);
    expect(profile.operations.preRegisterReservation).toMatchObject({
      method: 'POST',
      path: '/api/pre-register-reservation',
    });
    expect(profile.operations.finalizeReservation).toMatchObject({
      method: 'POST',
      path: '/finalizeReservation',
    });
  });

  it('is the shipped documented profile, merged over the sandbox default as a PARTNER_PROFILE file would be', () => {
    expect(parsePartnerConfig(PARTNER).profile).toEqual(loadPartnerProfile({ PARTNER_PROFILE: SHIPPED }));
  });

  it('still takes PARTNER_PATHS over the documented profile', () => {
    const { profile } = parsePartnerConfig({
      ...PARTNER,
      PARTNER_PATHS: JSON.stringify({ finalizeReservation: '/v2/finalize' }),
    });
    expect(profile.operations.finalizeReservation.path).toBe('/v2/finalize');
    expect(profile.operations.preRegisterReservation.path).toBe('/api/pre-register-reservation');
  });

  it('gives way to a PARTNER_PROFILE file, merged over the sandbox default alone', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'profile-'));
    const file = path.join(dir, 'profile.json');
    writeFileSync(file, JSON.stringify({ operations: { preRegisterReservation: { path: '/v2/hold' } } }));
    const { profile } = parsePartnerConfig({ ...PARTNER, PARTNER_PROFILE: file });
    expect(profile.operations.preRegisterReservation.path).toBe('/v2/hold');
    expect(profile.operations.finalizeReservation.path).toBe(OPERATIONS.finalizeReservation.path);
  });

  it('is announced, naming the documented profile and the partner check', () => {
    const notice = partnerProfileNotice(PARTNER);
    expect(notice).toContain('profiles/partner-documented.json');
    expect(notice).toContain('npm run partner:check');
    expect(partnerProfileNotice({ ...PARTNER, PARTNER_PROFILE: SHIPPED })).toBeNull();
  });
});

describe('sandbox mode', () => {
  it('keeps the sandbox profile and announces nothing', () => {
    const { profile } = parsePartnerConfig({});
    expect(profile).toEqual(createDefaultProfile());
    expect(profile.operations.preRegisterReservation.path).toBe(OPERATIONS.preRegisterReservation.path);
    expect(partnerProfileNotice({})).toBeNull();
  });
});
