import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configurationProblems, configurationWarnings } from './problems';

const root = path.resolve(__dirname, '../..');

describe('the site configuration check', () => {
  it('passes the sandbox with no variables at all, and a real partner with everything it needs', () => {
    expect(configurationProblems({})).toEqual([]);
    expect(
      configurationProblems({
        PARTNER_API_URL: 'https://partner.example',
        PARTNER_API_KEY: 'key',
        PARTNER_ID: 'id',
        SESSION_SECRET: 'x'.repeat(32),
        PARTNER_PROFILE: path.join(root, 'profiles/partner-documented.json'),
        TRUST_PROXY: '1',
        PAGE_STORE: 'off',
      }),
    ).toEqual([]);
  });

  it('tells every problem at once, one line each, naming the variable and what is wrong with it', () => {
    expect(
      configurationProblems({
        SERVER_HEADERS_TIMEOUT_MS: '5',
        SERVER_REQUEST_TIMEOUT_MS: 'soon',
        TRUST_PROXY: '9',
        PAGE_STORE: 'maybe',
        IMAGE_MISSES_PER_MINUTE: '0',
        SESSION_SECRET: 'too-short',
        LOG_LEVEL: 'verbose',
        PARTNER_TIMEOUT_MS: '-5',
      }),
    ).toEqual([
      'Invalid site configuration: SERVER_HEADERS_TIMEOUT_MS must be milliseconds between 1000 and 600000',
      'Invalid site configuration: SERVER_REQUEST_TIMEOUT_MS must be milliseconds between 1000 and 600000',
      'Invalid site configuration: TRUST_PROXY must be a number of proxies from 0 to 5',
      'Invalid site configuration: PAGE_STORE must be on or off',
      'Invalid site configuration: IMAGE_MISSES_PER_MINUTE must be a whole number from 1',
      'Invalid site configuration: SESSION_SECRET: at least 32 characters',
      'Invalid site configuration: LOG_LEVEL: one of fatal, error, warn, info, debug, trace, silent',
      'Invalid site configuration: PARTNER_TIMEOUT_MS: a whole number from 100 to 60000',
    ]);
  });

  it('tells what a real partner is missing, and the problems of the partner profile', () => {
    expect(configurationProblems({ PARTNER_API_URL: 'https://partner.example' })).toEqual([
      'Invalid site configuration: SESSION_SECRET: required outside sandbox mode',
      'Invalid site configuration: PARTNER_API_KEY: required with PARTNER_API_URL',
      'Invalid site configuration: PARTNER_ID: required with PARTNER_API_URL',
    ]);
    expect(configurationProblems({ PARTNER_PATHS: '{"houseDetails":"/h"}' })).toEqual([
      'Invalid site configuration: PARTNER_PATHS houseDetails: must contain {houseId}',
    ]);
  });

  it('warns of instances sharing a store that each seal the booking cookie with a secret of their own', () => {
    expect(configurationWarnings({})).toEqual([]);
    expect(configurationWarnings({ REDIS_URL: 'redis://127.0.0.1:6379' })).toEqual([
      expect.stringContaining('SESSION_SECRET'),
    ]);
    expect(
      configurationWarnings({ REDIS_URL: 'redis://127.0.0.1:6379', SESSION_SECRET: 's'.repeat(32) }),
    ).toEqual([]);
  });

  it('warns that partner mode without PARTNER_PROFILE speaks the documented profile, until one is named', () => {
    const partner = {
      PARTNER_API_URL: 'https://partner.example',
      PARTNER_API_KEY: 'key',
      PARTNER_ID: 'id',
      SESSION_SECRET: 'x'.repeat(32),
    };
    expect(configurationWarnings(partner)).toEqual([
      expect.stringMatching(/profiles\/partner-documented\.json.*npm run partner:check/),
    ]);
    expect(
      configurationWarnings({
        ...partner,
        PARTNER_PROFILE: path.join(root, 'profiles/partner-documented.json'),
      }),
    ).toEqual([]);
  });

  it('never repeats a value, which may be a secret', () => {
    const secret = 'a secret of twenty-nine chars';
    expect(configurationProblems({ SESSION_SECRET: secret, HEALTH_TOKEN: secret }).join('\n')).not.toContain(
      secret,
    );
  });
});

describe('the brand in the site content', () => {
  it('stops the start with one line per problem: a logo that is no image, colours whose text cannot be read', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'brand-config-'));
    try {
      writeFileSync(path.join(dir, 'logo.png'), '<html>not a logo</html>');
      writeFileSync(
        path.join(dir, 'content.json'),
        JSON.stringify({ company: { name: 'Sunny Parks' }, brand: { logo: 'logo.png', colors: { accent: '#ffcc00' } } }),
      );
      const problems = configurationProblems({ SITE_CONTENT_FILE: path.join(dir, 'content.json') });
      expect(problems).toContain(
        'Invalid site configuration: SITE_CONTENT_FILE brand.logo: logo.png is not an image; it must be SVG, PNG, WEBP',
      );
      expect(problems.filter((problem) => problem.includes('brand.colors.accent'))).not.toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
