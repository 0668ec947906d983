import { describe, expect, it } from 'vitest';
import { bearerToken, checkOperatorAccess, tokensMatch } from './access';

const TOKEN = 'operator-token-0123456789abcdef0123456789';

function request(authorization?: string): Request {
  return new Request('http://127.0.0.1/api/metrics', {
    headers: authorization === undefined ? {} : { authorization },
  });
}

describe('operator access', () => {
  it('hides the endpoints (404) when no token is configured, whatever the request sends', async () => {
    for (const auth of [undefined, `Bearer ${TOKEN}`, 'Bearer ']) {
      const refused = checkOperatorAccess(request(auth), undefined);
      expect(refused?.status).toBe(404);
      expect(await refused?.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('refuses with 401 and a Bearer challenge without the right token', async () => {
    const wrong = [
      undefined,
      '',
      TOKEN,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN} extra`,
      'Bearer',
    ];
    for (const auth of wrong) {
      const refused = checkOperatorAccess(request(auth), TOKEN);
      expect(refused?.status, String(auth)).toBe(401);
      expect(refused?.headers.get('www-authenticate')).toBe('Bearer realm="operator"');
      expect(refused?.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('lets the right token through, in any case of the scheme name', () => {
    expect(checkOperatorAccess(request(`Bearer ${TOKEN}`), TOKEN)).toBeNull();
    expect(checkOperatorAccess(request(`bearer  ${TOKEN}`), TOKEN)).toBeNull();
  });

  it('compares tokens of any length without throwing', () => {
    expect(tokensMatch(TOKEN, TOKEN)).toBe(true);
    expect(tokensMatch('', TOKEN)).toBe(false);
    expect(tokensMatch(`${TOKEN}${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerToken(null)).toBeNull();
  });
});

describe('the HEALTH_TOKEN setting', () => {
  it('accepts a long visible-ASCII token and treats an empty one as unset', async () => {
    const { parseSiteEnv } = await import('@/lib/env');
    expect(parseSiteEnv({ HEALTH_TOKEN: TOKEN }).HEALTH_TOKEN).toBe(TOKEN);
    expect(parseSiteEnv({ HEALTH_TOKEN: '' }).HEALTH_TOKEN).toBeUndefined();
    expect(parseSiteEnv({}).HEALTH_TOKEN).toBeUndefined();
  });

  it.each([
    ['shorter than 32 characters', 'short-token-123'],
    ['with a space', `${TOKEN.slice(0, 20)} ${TOKEN.slice(20)}`],
    ['with a non-ASCII letter', `${TOKEN}é`],
  ])('refuses a token %s, naming the variable and not the value', async (_why, token) => {
    const { parseSiteEnv } = await import('@/lib/env');
    expect(() => parseSiteEnv({ HEALTH_TOKEN: token })).toThrow(/HEALTH_TOKEN/);
    try {
      parseSiteEnv({ HEALTH_TOKEN: token });
    } catch (err) {
      expect(String(err)).not.toContain(token);
    }
  });
});
