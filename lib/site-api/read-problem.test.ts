import { describe, expect, it } from 'vitest';
import { readProblem } from './read-problem';

const problemResponse = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'application/problem+json' } });

describe('readProblem', () => {
  it('reads the code, the field errors and the retry time of a problem answer', async () => {
    const res = problemResponse(
      400,
      JSON.stringify({ code: 'invalid_input', errors: { 'guest.email': ['guest.errors.email'] }, retryAfter: 3 }),
    );
    await expect(readProblem(res)).resolves.toEqual({
      status: 400,
      code: 'invalid_input',
      errors: { 'guest.email': ['guest.errors.email'] },
      retryAfterSeconds: 3,
    });
  });

  it('keeps the good fields when another one is malformed', async () => {
    const res = problemResponse(503, JSON.stringify({ code: 'unavailable', errors: 'no', retryAfter: '5' }));
    await expect(readProblem(res)).resolves.toEqual({
      status: 503,
      code: 'unavailable',
      errors: {},
      retryAfterSeconds: undefined,
    });
  });

  it('gives only the status for an answer that is not JSON (a proxy page, an empty body)', async () => {
    for (const body of ['<html>Bad gateway</html>', '', '[1,2]', 'null']) {
      await expect(readProblem(problemResponse(502, body))).resolves.toEqual({
        status: 502,
        code: undefined,
        errors: {},
        retryAfterSeconds: undefined,
      });
    }
  });

  it('keeps a field named __proto__ as a field, not as the errors object prototype', async () => {
    const res = problemResponse(400, '{"code":"invalid_input","errors":{"__proto__":["x"],"guest.email":["guest.errors.email"]}}');
    const problem = await readProblem(res);
    expect(Object.getPrototypeOf(problem.errors)).toBe(Object.prototype);
    expect(Object.keys(problem.errors)).toEqual(['__proto__', 'guest.email']);
  });
});
