import { describe, expect, it } from 'vitest';
import { SiteApiError } from './api-error';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/problem+json' } });

describe('SiteApiError', () => {
  it('carries what a failed answer says: status, code, field errors and retry time', async () => {
    const error = await SiteApiError.from(
      answer(400, {
        code: 'invalid_input',
        errors: { 'guest.email': ['guest.errors.email'] },
        retryAfter: 2,
      }),
      'unknown',
    );
    expect(error).toBeInstanceOf(SiteApiError);
    expect([error.status, error.code, error.errors, error.retryAfterSeconds]).toEqual([
      400,
      'invalid_input',
      { 'guest.email': ['guest.errors.email'] },
      2,
    ]);
  });

  it('names the caller’s code when the answer names none, as a proxy’s error page does', async () => {
    const error = await SiteApiError.from(
      new Response('<html>Bad gateway</html>', { status: 502 }),
      'internal',
    );
    expect([error.status, error.code, error.errors, error.retryAfterSeconds]).toEqual([
      502,
      'internal',
      {},
      undefined,
    ]);
  });

  it('counts a refusal as final and load or a timeout as busy', () => {
    for (const status of [400, 404, 409, 422, 500, 502])
      expect(new SiteApiError(status, 'x', {}, undefined).busy).toBe(false);
    for (const status of [429, 503, 504])
      expect(new SiteApiError(status, 'x', {}, undefined).busy).toBe(true);
  });
});
