import 'server-only';
import type { z } from 'zod';
import { isPartnerError } from '@/lib/partner-api/errors';
import { reportPartnerFailure } from '@/lib/partner-api/failure-log';
import { getLogger } from '@/lib/log';

/**
 * application/problem+json answers with a stable `code`, so browser code branches on the code
 * and never parses English. Titles are short English for developers; pages show localized text
 * keyed by `code`.
 */
export interface Problem {
  status: number;
  code: string;
  title: string;
  errors?: Record<string, string[]>;
  retryAfterSeconds?: number;
}

const TITLES: Record<string, string> = {
  invalid_input: 'The request is not valid.',
  not_found: 'Not found.',
  conflict: 'The request conflicts with the current state.',
  rate_limited: 'The booking service is busy. Please retry shortly.',
  quota_exhausted: 'The booking service is busy. Please retry shortly.',
  unavailable: 'The booking service is unavailable. Please retry shortly.',
  timeout: 'The booking service did not answer in time.',
  bad_gateway: 'The booking service gave an unexpected answer.',
  internal: 'Something went wrong on our side.',
};

export function problem(p: Problem, init: { headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/problem+json');
  headers.set('cache-control', 'no-store');
  if (p.retryAfterSeconds !== undefined) headers.set('retry-after', String(Math.max(1, p.retryAfterSeconds)));
  const body: Record<string, unknown> = {
    type: `about:blank`,
    title: p.title || TITLES[p.code] || 'Error',
    status: p.status,
    code: p.code,
  };
  if (p.errors) body.errors = p.errors;
  if (p.retryAfterSeconds !== undefined) body.retryAfter = p.retryAfterSeconds;
  return new Response(JSON.stringify(body), { status: p.status, headers });
}

/** 400 (or 422) `invalid_input` with field errors: each field's issue codes. */
export function fieldProblem(errors: Record<string, string[]>, status: 400 | 422 = 400): Response {
  return problem({ status, code: 'invalid_input', title: TITLES.invalid_input!, errors });
}

/** The site's own messages are codes (`start_in_past`, `guest.errors.email`); the validator's are sentences. */
const MESSAGE_CODE = /^[a-z][A-Za-z0-9_.]*$/;

export function validationProblem(error: z.ZodError, status: 400 | 422 = 400): Response {
  // A Map: a field a client names `__proto__` or `constructor` is just another field here.
  const errors = new Map<string, string[]>();
  const add = (path: readonly PropertyKey[], code: string) => {
    const key = path.map(String).join('.') || '_';
    errors.set(key, [...(errors.get(key) ?? []), code]);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      // Each unknown field under its own name, so a client sees which one is not taken.
      for (const key of issue.keys) add([...issue.path, key], 'unrecognized_key');
    } else {
      // A code a client can key on: the site's own message, else the validator's issue code.
      add(issue.path, MESSAGE_CODE.test(issue.message) ? issue.message : issue.code);
    }
  }
  return fieldProblem(Object.fromEntries(errors), status);
}

/** Maps any thrown error to an honest, generic answer; internals go to the log only. */
export function errorResponse(err: unknown, context: string): Response {
  if (isPartnerError(err)) {
    // Written as the pages write it: each failed call once, where it failed; calls never sent
    // (pause, spent quota, open circuit) counted into one summary line per interval.
    reportPartnerFailure(err, context);
    // The partner refusing the site's key is the operator's to know (logs, health details): a
    // client is told what the pages and /api/health tell a guest, that the service is unavailable.
    if (err.code === 'unauthorized' || err.code === 'forbidden') {
      return problem({ status: 503, code: 'unavailable', title: TITLES.unavailable!, retryAfterSeconds: 60 });
    }
    // The partner refused input that passed every check of ours: nothing in the request is
    // wrong as the client can see it, so it is not the client's own 400 invalid_input.
    if (err.code === 'invalid_input' && err.upstreamStatus !== undefined) {
      return problem({
        status: 422,
        code: 'partner_rejected',
        title: 'The booking service did not accept this request.',
      });
    }
    const retryAfter =
      err.retryAfterSeconds ?? (err.code === 'unavailable' || err.code === 'timeout' ? 5 : undefined);
    return problem({
      status: err.status,
      code: err.code === 'rate_limited' ? 'quota_exhausted' : err.code,
      title: TITLES[err.code] ?? 'Error',
      retryAfterSeconds: err.status === 503 ? retryAfter : undefined,
    });
  }
  getLogger().error(
    { context, err: err instanceof Error ? { name: err.name, message: err.message } : 'unknown' },
    'unexpected error',
  );
  return problem({ status: 500, code: 'internal', title: TITLES.internal! });
}
