import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/openapi-document';
import { OPENAPI_PATHS, readBasicAuth } from '../src/openapi-route';
import { openSandbox, type Api } from './helpers';

const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});

let api: Api;
beforeAll(async () => {
  api = await openSandbox({ extraKeys: 'canary-partner:canary-key' });
});
afterAll(() => api.sandbox.close());

const fetchDoc = (headers: Record<string, string> = {}, path: string = OPENAPI_PATHS[0]) =>
  fetch(api.sandbox.url + path, { headers });

describe('the OpenAPI document behind HTTP Basic auth', () => {
  it('without credentials: 401 with a Basic challenge and a JSON error, no document', async () => {
    const res = await fetchDoc();
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm="[^"]+"/);
    const body = await api.json<Record<string, unknown>>(res);
    expect(body).toMatchObject({ status: 'error', code: 401 });
    expect(body).not.toHaveProperty('openapi');
  });

  it('wrong user, wrong password, an expired key or another scheme: 401', async () => {
    for (const headers of [
      basic('bngapi', 'not-a-key'),
      basic('someone', 'demo-key'),
      basic('bngapi', 'expired-key'),
      basic('bngapi', ''),
      { authorization: 'Bearer demo-key' },
      { 'x-security-key': 'demo-key', 'x-partner': 'demo-partner' },
    ]) {
      const res = await fetchDoc(headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
    }
  });

  it('the fixed user with a valid API key as password gets the document as JSON, at every address', async () => {
    for (const path of OPENAPI_PATHS) {
      for (const key of ['demo-key', 'canary-key']) {
        const res = await fetchDoc(basic('bngapi', key), path);
        expect(res.status, `${path} ${key}`).toBe(200);
        expect(res.headers.get('content-type')).toContain('application/json');
        expect(await res.json()).toEqual(buildOpenApiDocument());
      }
    }
  });

  it('the user name is configurable (the openApiUser option, else SANDBOX_OPENAPI_USER)', async () => {
    const own = await openSandbox({ openApiUser: 'reference-reader' });
    try {
      const url = own.sandbox.url + OPENAPI_PATHS[0];
      expect((await fetch(url, { headers: basic('reference-reader', 'demo-key') })).status).toBe(200);
      expect((await fetch(url, { headers: basic('bngapi', 'demo-key') })).status).toBe(401);
    } finally {
      await own.sandbox.close();
    }
  });

  it('reading the document is not an operation call: not counted', async () => {
    await api.hook('/reset', 'POST');
    await fetchDoc(basic('bngapi', 'demo-key'));
    await fetchDoc();
    const stats = await api.json<{ calls: { total: number } }>(await api.hook('/stats'));
    expect(stats.calls.total).toBe(0);
  });
});

describe('readBasicAuth', () => {
  it('splits at the first colon, so a password may contain colons', () => {
    expect(readBasicAuth(basic('bngapi', 'a:b:c').authorization)).toEqual({
      user: 'bngapi',
      password: 'a:b:c',
    });
  });

  it('gives nothing for a missing header, another scheme or a value without a colon', () => {
    expect(readBasicAuth(undefined)).toBeUndefined();
    expect(readBasicAuth('Bearer abc')).toBeUndefined();
    expect(readBasicAuth(`Basic ${Buffer.from('no-colon').toString('base64')}`)).toBeUndefined();
  });
});
