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

describe('the ledger settings', () => {
  it('keep a ledger by default, in the embedded database, for three years', () => {
    const checked = checkSiteEnv({});
    expect(checked.ok && checked.value).toMatchObject({
      LEDGER: 'on',
      LEDGER_DIR: '.data/ledger',
      LEDGER_RETENTION_DAYS: 1096,
    });
  });

  it('tell a wrong database address, retention, webhook secret or report token, and a webhook without its secret', () => {
    expect(
      checkSiteEnv({
        LEDGER: 'maybe',
        DATABASE_URL: 'mysql://db/ledger',
        LEDGER_RETENTION_DAYS: '0',
        PARTNER_WEBHOOK_URL: 'https://partner.example/hooks',
        PARTNER_REPORT_TOKEN: 'short',
      }),
    ).toEqual({
      ok: false,
      problems: [
        'LEDGER: on or off',
        'DATABASE_URL: a postgres:// or postgresql:// URL',
        'LEDGER_RETENTION_DAYS: a whole number from 1 to 36500',
        'PARTNER_REPORT_TOKEN: at least 32 characters',
        'PARTNER_WEBHOOK_SECRET: required with PARTNER_WEBHOOK_URL',
      ],
    });
    expect(checkSiteEnv({ PARTNER_WEBHOOK_SECRET: 'not-a-secret' })).toEqual({
      ok: false,
      problems: ['PARTNER_WEBHOOK_SECRET: whsec_ followed by at least 24 bytes in base64'],
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
