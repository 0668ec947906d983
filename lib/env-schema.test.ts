import { describe, expect, it } from 'vitest';
import { checkSiteEnv, ConfigurationError } from './env-schema';

describe('the site environment check', () => {
  it('takes no variables at all (sandbox mode), with the defaults', () => {
    const checked = checkSiteEnv({});
    expect(checked.ok && checked.value).toMatchObject({
      SITE_URL: 'http://localhost:3000',
      LOG_LEVEL: 'info',
      TRUST_PROXY: 0,
    });
  });

  it('tells every problem, naming the variable and what is wrong, never the value', () => {
    const checked = checkSiteEnv({
      SITE_URL: 'notaurl',
      SESSION_SECRET: 'short-secret',
      REDIS_URL: 'http://cache',
      LOG_LEVEL: 'verbose',
      HEALTH_TOKEN: 'short-token',
      PARTNER_API_URL: 'https://partner.example',
    });
    expect(checked).toEqual({
      ok: false,
      problems: [
        'SITE_URL: an http(s) URL',
        'SESSION_SECRET: at least 32 characters',
        'REDIS_URL: a redis:// or rediss:// URL',
        'LOG_LEVEL: one of fatal, error, warn, info, debug, trace, silent',
        'HEALTH_TOKEN: at least 32 characters',
      ],
    });
  });

  it('needs a session secret outside sandbox mode, told with the other problems', () => {
    expect(checkSiteEnv({ PARTNER_API_URL: 'https://partner.example', LOG_LEVEL: 'loud' })).toEqual({
      ok: false,
      problems: [
        'LOG_LEVEL: one of fatal, error, warn, info, debug, trace, silent',
        'SESSION_SECRET: required outside sandbox mode',
      ],
    });
  });
});

describe('a configuration error', () => {
  it('says each problem on a line of its own', () => {
    const err = new ConfigurationError(['A: one', 'B: two'], 'partner configuration');
    expect(err.message).toBe('Invalid partner configuration: A: one\nInvalid partner configuration: B: two');
    expect(err.problems).toEqual(['A: one', 'B: two']);
  });
});
