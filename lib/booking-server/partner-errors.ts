import 'server-only';
import { errorResponse } from '@/lib/http/problem';
import { PartnerError, STATUS_FOR_CODE, type PartnerErrorCode } from '@/lib/partner-api/errors';

/**
 * A PartnerError, recognised by its shape as well as its class. Next.js gives each route entry
 * its own copy of the modules, while the gateway lives once per process (on globalThis): an
 * error its governor throws may come from another copy of the class, so `instanceof` alone can
 * miss it and turn "partner busy" into a generic 500.
 */
export function asPartnerError(err: unknown): PartnerError | null {
  if (err instanceof PartnerError) return err;
  if (!(err instanceof Error) || err.name !== 'PartnerError') return null;
  const e = err as Error & Partial<Pick<PartnerError, 'code' | 'upstreamStatus' | 'retryAfterSeconds' | 'notSent' | 'fields'>>;
  if (typeof e.code !== 'string' || !(e.code in STATUS_FOR_CODE)) return null;
  return new PartnerError(e.code as PartnerErrorCode, e.message, {
    ...(e.upstreamStatus !== undefined ? { upstreamStatus: e.upstreamStatus } : {}),
    ...(e.retryAfterSeconds !== undefined ? { retryAfterSeconds: e.retryAfterSeconds } : {}),
    notSent: e.notSent === true,
    ...(e.fields !== undefined ? { fields: e.fields } : {}),
    cause: err,
  });
}

/** errorResponse (lib/http/problem) with partner errors from any module copy recognised. */
export function bookingErrorResponse(err: unknown, context: string): Response {
  return errorResponse(asPartnerError(err) ?? err, context);
}
