/** The sandbox's error bodies: ErrorBody for everything, the documented body for 429. */
import type { z } from 'zod';
import type { ErrorBodySchema, RateLimitErrorSchema } from '@/lib/partner-api/schemas';

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
export type FieldErrors = Record<string, string[]>;

/** Thrown by handlers; the operation pipeline turns it into a JSON ErrorBody. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function badRequest(errors: FieldErrors, message = 'The request is invalid'): ApiError {
  return new ApiError(400, message, errors);
}

export function errorBody(status: number, message: string, errors?: FieldErrors): ErrorBody {
  return errors && Object.keys(errors).length > 0
    ? { status: 'error', code: status, message, errors }
    : { status: 'error', code: status, message };
}

export const RATE_LIMIT_BODY: z.infer<typeof RateLimitErrorSchema> = {
  status: 'error',
  message: 'Rate limit exceeded',
  code: 429,
};

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export function errorResponse(err: ApiError): Response {
  return jsonResponse(err.status, errorBody(err.status, err.message, err.errors), err.headers);
}

/** Collects field errors so a handler can report every bad field at once. */
export class FieldErrorCollector {
  readonly errors: FieldErrors = {};

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  throwIfAny(message?: string): void {
    if (!this.empty) throw badRequest(this.errors, message);
  }
}
