import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The sealed booking cookie: what it carries, how it is sent, and that a tampered one is no session. */

const SECRET_1 = randomBytes(32).toString('hex');
const SECRET_2 = randomBytes(32).toString('hex');

async function load(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  return import('./booking-session');
}

function session(now: number) {
  return {
    v: 1 as const,
    sid: 'c'.repeat(32),
    houseId: 1001,
    transactionId: 'Tx-' + 'x'.repeat(24),
    holdExpiresAt: now + 30 * 60_000,
    stage: 'held' as const,
    locale: 'nl' as const,
  };
}

function attributes(setCookie: string): { name: string; value: string; attrs: Map<string, string> } {
  const [pair = '', ...rest] = setCookie.split('; ');
  const eq = pair.indexOf('=');
  const attrs = new Map(
    rest.map((a) => {
      const i = a.indexOf('=');
      return i < 0 ? [a.toLowerCase(), ''] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)];
    }),
  );
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attrs };
}

afterEach(() => {
  delete process.env.SESSION_SECRET_PREVIOUS;
});

describe('booking cookie attributes: host-only, secure, HttpOnly, SameSite=Lax, short-lived', () => {
  it('in production is __Host-, Secure, HttpOnly, Path=/, no Domain, SameSite=Lax, Max-Age within the hold, ≤ 4096 bytes', async () => {
    const s = await load({ SITE_URL: 'https://book.example.nl', SESSION_SECRET: SECRET_1 });
    const now = Date.now();
    const cookie = attributes(await s.sessionCookie(session(now), now));
    expect(cookie.name).toBe('__Host-booking');
    expect(cookie.attrs.has('secure')).toBe(true);
    expect(cookie.attrs.has('httponly')).toBe(true);
    expect(cookie.attrs.get('path')).toBe('/');
    expect(cookie.attrs.has('domain')).toBe(false);
    expect(cookie.attrs.get('samesite')).toBe('Lax');
    expect(Number(cookie.attrs.get('max-age'))).toBeLessThanOrEqual(s.HOLD_TTL_SECONDS);
    expect(`${cookie.name}=${cookie.value}`.length).toBeLessThanOrEqual(4096);
  });

  it('caps Max-Age by what is left of the hold', async () => {
    const s = await load({ SITE_URL: 'https://book.example.nl', SESSION_SECRET: SECRET_1 });
    const now = Date.now();
    const cookie = attributes(
      await s.sessionCookie({ ...session(now), holdExpiresAt: now + 5 * 60_000 }, now),
    );
    expect(Number(cookie.attrs.get('max-age'))).toBeLessThanOrEqual(300);
  });

  it('on a plain-http development site drops the prefix and Secure (browsers refuse them there)', async () => {
    const s = await load({ SITE_URL: 'http://127.0.0.1:3100', SESSION_SECRET: SECRET_1 });
    const cookie = attributes(await s.sessionCookie(session(Date.now())));
    expect(cookie.name).toBe('booking');
    expect(cookie.attrs.has('secure')).toBe(false);
    expect(cookie.attrs.has('httponly')).toBe(true);
  });

  it('is sealed: the value shows no transactionId and no readable JSON', async () => {
    const s = await load({ SITE_URL: 'https://book.example.nl', SESSION_SECRET: SECRET_1 });
    const data = session(Date.now());
    const { value } = attributes(await s.sessionCookie(data));
    expect(value).not.toContain(data.transactionId);
    expect(Buffer.from(value, 'base64').toString('latin1')).not.toContain(data.transactionId);
    expect(value).not.toMatch(/houseId|transactionId|"sid"/);
  });

  it('holds no personal data: its schema has no name, address, e-mail or phone field', async () => {
    const s = await load({ SITE_URL: 'https://book.example.nl', SESSION_SECRET: SECRET_1 });
    expect(Object.keys(s.SessionSchema.shape).sort()).toEqual([
      'holdExpiresAt',
      'houseId',
      'locale',
      'sid',
      'stage',
      'transactionId',
      'v',
    ]);
  });
});

describe('rejected cookies: anything not sealed by this site with a current key is no session', () => {
  it('opens a flipped byte, an expired seal or a foreign key as no session', async () => {
    const s = await load({ SITE_URL: 'https://book.example.nl', SESSION_SECRET: SECRET_1 });
    const now = Date.now();
    const sealed = await s.sealSession(session(now), 600);
    expect(await s.openSession(sealed, now)).toMatchObject({ houseId: 1001 });

    const i = Math.floor(sealed.length / 2);
    const flipped = sealed.slice(0, i) + (sealed[i] === 'A' ? 'B' : 'A') + sealed.slice(i + 1);
    expect(await s.openSession(flipped, now)).toBeNull();

    vi.useFakeTimers({ now: now + 2 * 60 * 60_000 });
    try {
      expect(await s.openSession(sealed)).toBeNull();
    } finally {
      vi.useRealTimers();
    }

    const other = await load({ SITE_URL: 'https://book.example.nl', SESSION_SECRET: SECRET_2 });
    expect(await other.openSession(sealed, now)).toBeNull();
    expect(await s.openSession('x'.repeat(5000), now)).toBeNull();
  });

  it('treats a held session past its hold as gone', async () => {
    const s = await load({ SITE_URL: 'https://book.example.nl', SESSION_SECRET: SECRET_1 });
    const now = Date.now();
    const sealed = await s.sealSession({ ...session(now), holdExpiresAt: now - 2 * 60_000 }, 600);
    expect(await s.openSession(sealed, now)).toBeNull();
  });

  it('keeps cookies sealed with the old secret valid during a rotation', async () => {
    const old = await load({ SITE_URL: 'https://book.example.nl', SESSION_SECRET: SECRET_1 });
    const now = Date.now();
    const sealed = await old.sealSession(session(now), 600);
    const rotated = await load({
      SITE_URL: 'https://book.example.nl',
      SESSION_SECRET: SECRET_2,
      SESSION_SECRET_PREVIOUS: SECRET_1,
    });
    expect(await rotated.openSession(sealed, now)).toMatchObject({ sid: 'c'.repeat(32) });
  });

  it('reads the session from a request Cookie header among others', async () => {
    const s = await load({ SITE_URL: 'https://book.example.nl', SESSION_SECRET: SECRET_1 });
    const { name, value } = attributes(await s.sessionCookie(session(Date.now())));
    const req = new Request('https://book.example.nl/api/booking/finalize', {
      headers: { cookie: `a=1; ${name}=${value}; b=2` },
    });
    expect(await s.sessionFromRequest(req)).toMatchObject({ houseId: 1001 });
    const forged = new Request('https://book.example.nl/api/booking/finalize', {
      headers: { cookie: `${name}=${value.slice(0, -3)}abc` },
    });
    expect(await s.sessionFromRequest(forged)).toBeNull();
  });

  it.each(['%E0%A4%A', '%', '%ZZ', '%E0%A4'])(
    'opens a booking cookie with a malformed percent-escape (%s) as no session instead of throwing',
    async (value) => {
      const s = await load({ SITE_URL: 'http://localhost:3000', SESSION_SECRET: SECRET_1 });
      const req = new Request('http://localhost:3000/api/booking/pre-register', {
        method: 'POST',
        headers: { cookie: `a=1; booking=${value}; b=2` },
      });
      await expect(s.sessionFromRequest(req)).resolves.toBeNull();
    },
  );
});
