import { describe, expect, it } from 'vitest';
import { imageTargets, isPartnerApiAddress, partnerApiAddresses } from './picture-sources';

describe('the partner API addresses the picture optimizer refuses', () => {
  it('are the operations’ shared directory on the API origin, any spelling, and the sandbox’s hooks', () => {
    const api = partnerApiAddresses({ SANDBOX_URL: 'http://127.0.0.1:4010' });
    for (const url of [
      'http://127.0.0.1:4010/bungalow/api/v1/booking/searchHouses',
      'http://127.0.0.1:4010/bungalow/api/v1/booking/someOperationNotInTheProfile',
      'http://127.0.0.1:4010/Bungalow/API/v1/booking/parkData',
      'http://127.0.0.1:4010//bungalow/api/v1/booking/parkData',
      'http://127.0.0.1:4010/bungalow/api/v1/booking/%70arkData',
      'http://127.0.0.1:4010/pictures/%2e%2e/bungalow/api/v1/booking/parkData',
      'http://127.0.0.1:4010/finalizeReservation',
      'http://127.0.0.1:4010/__sandbox/reset',
    ]) {
      expect(isPartnerApiAddress(url, api), url).toBe(true);
    }
    for (const url of [
      'http://127.0.0.1:4010/pictures/1001/1.png',
      'http://127.0.0.1:4011/bungalow/api/v1/booking/searchHouses',
      '/bungalow/api/v1/booking/searchHouses',
      'not a url',
    ]) {
      expect(isPartnerApiAddress(url, api), url).toBe(false);
    }
  });

  it('follow the partner’s base path and the paths its profile and PARTNER_PATHS set', () => {
    const profile = JSON.stringify({ operations: { searchHouses: { path: '/v2/houses/search' } } });
    const api = partnerApiAddresses(
      {
        PARTNER_API_URL: 'https://partner.example/base',
        PARTNER_PROFILE: '/profile.json',
        PARTNER_PATHS: JSON.stringify({ parkData: '/parks/{parkId}/data' }),
      },
      () => profile,
    );
    // The operations share nothing but the root here: each path is refused by itself.
    expect(isPartnerApiAddress('https://partner.example/base/v2/houses/search?x=1', api)).toBe(true);
    expect(isPartnerApiAddress('https://partner.example/base/parks/7/data', api)).toBe(true);
    expect(isPartnerApiAddress('https://partner.example/base/bungalow/api/v1/booking/parkData', api)).toBe(
      true,
    );
    expect(isPartnerApiAddress('https://partner.example/base/media/house-7.jpg', api)).toBe(false);
    // No sandbox hooks at a real partner.
    expect(isPartnerApiAddress('https://partner.example/__sandbox/stats', api)).toBe(false);
  });

  it('follow the documented profile in partner mode without PARTNER_PROFILE, which the site then speaks', () => {
    const api = partnerApiAddresses({ PARTNER_API_URL: 'https://partner.example' }, () => {
      throw new Error('no file is read');
    });
    expect(isPartnerApiAddress('https://partner.example/finalizeReservation', api)).toBe(true);
    expect(isPartnerApiAddress('https://partner.example/api/pre-register-reservation', api)).toBe(true);
    expect(isPartnerApiAddress('https://partner.example/media/house-7.jpg', api)).toBe(false);
  });

  it('reads every url parameter of a /_next/image request, and none of other requests', () => {
    expect(imageTargets('/_next/image?url=https%3A%2F%2Fa.example%2F1.jpg&w=640&url=%2Fx')).toEqual([
      'https://a.example/1.jpg',
      '/x',
    ]);
    expect(imageTargets('/en/search?url=https%3A%2F%2Fa.example%2F1.jpg')).toEqual([]);
    expect(imageTargets(undefined)).toEqual([]);
  });
});
