import { describe, expect, it } from 'vitest';
import { checkPartnerEnv } from './env-schema';

describe("the partner's environment check", () => {
  it('takes no variables at all (sandbox mode), and leaves the breaker to its policy', () => {
    const checked = checkPartnerEnv({});
    expect(checked.ok && checked.value).toMatchObject({
      PARTNER_RATE_LIMIT_PER_MIN: 100,
      PARTNER_CACHE: 'on',
    });
    expect(checked.ok && checked.value.PARTNER_BREAKER_FAILURES).toBeUndefined();
  });

  it('tells every problem, naming the variable and what is wrong, never the value', () => {
    const checked = checkPartnerEnv({
      PARTNER_RATE_LIMIT_PER_MIN: 'abc',
      PARTNER_TIMEOUT_MS: '-5',
      PARTNER_DEADLINE_MS: '1.5',
      PARTNER_API_KEY_EXPIRES: '2026-13-45',
      PARTNER_CACHE: 'maybe',
    });
    expect(checked).toEqual({
      ok: false,
      problems: [
        'PARTNER_API_KEY_EXPIRES: a date as YYYY-MM-DD',
        'PARTNER_RATE_LIMIT_PER_MIN: a whole number from 1 to 100000',
        'PARTNER_TIMEOUT_MS: a whole number from 100 to 60000',
        'PARTNER_DEADLINE_MS: a whole number from 100 to 120000',
        'PARTNER_CACHE: on or off',
      ],
    });
  });

  it('needs the key and the partner id with a partner address, told with the other problems', () => {
    expect(
      checkPartnerEnv({
        PARTNER_API_URL: 'https://partner.example',
        PARTNER_ID: 'p',
        PARTNER_TIMEOUT_MS: 'x',
      }),
    ).toEqual({
      ok: false,
      problems: [
        'PARTNER_TIMEOUT_MS: a whole number from 100 to 60000',
        'PARTNER_API_KEY: required with PARTNER_API_URL',
      ],
    });
    expect(
      checkPartnerEnv({ PARTNER_API_URL: 'https://partner.example', PARTNER_API_KEY: 'k', PARTNER_ID: 'p' })
        .ok,
    ).toBe(true);
  });
});
