import 'server-only';
import { readCappedBody } from '@/lib/capped-body';
import { getSiteEnv } from '@/lib/env';
import { problem } from './problem';

/**
 * Guards for state-changing route handlers: JSON only, same-origin only (Fetch Metadata, or
 * Origin equal to SITE_URL), the static X-Booking-Client header, and a 16 KB body cap. Together
 * they keep another site from posting in a guest's name (a cross-site form cannot set the header
 * or the JSON type) and keep one request from tying up memory. Each returns a Response to send
 * back, or the parsed JSON body.
 */
export const MAX_BODY_BYTES = 16 * 1024;

export function checkSameOrigin(req: Request): Response | null {
  return (
    checkSameSite(req) ??
    (req.headers.get('x-booking-client') !== '1'
      ? problem({ status: 403, code: 'missing_client_header', title: 'Missing X-Booking-Client header.' })
      : null)
  );
}

/**
 * The origin half of checkSameOrigin, for the site's own HTML forms, which cannot set a header:
 * a browser sends Sec-Fetch-Site (or at least Origin) with every form POST.
 */
export function checkSameSite(req: Request): Response | null {
  const site = req.headers.get('sec-fetch-site');
  if (site !== null) {
    if (site !== 'same-origin')
      return problem({ status: 403, code: 'cross_origin', title: 'Cross-origin request refused.' });
  } else {
    const origin = req.headers.get('origin');
    if (origin === null || origin !== new URL(getSiteEnv().SITE_URL).origin) {
      return problem({ status: 403, code: 'cross_origin', title: 'Cross-origin request refused.' });
    }
  }
  return null;
}

export async function readJsonBody(
  req: Request,
): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    return {
      ok: false,
      response: problem({ status: 415, code: 'unsupported_media_type', title: 'Send application/json.' }),
    };
  }
  const bytes = await readCappedBody(req.body, req.headers.get('content-length'), MAX_BODY_BYTES);
  if (bytes === null) {
    return {
      ok: false,
      response: problem({ status: 413, code: 'body_too_large', title: 'The request body is too large.' }),
    };
  }
  try {
    return { ok: true, body: JSON.parse(bytes.toString('utf8')) };
  } catch {
    return {
      ok: false,
      response: problem({ status: 400, code: 'invalid_json', title: 'The body is not valid JSON.' }),
    };
  }
}

/** Runs every POST guard; the handler continues only with `ok`. */
export async function guardPost(req: Request) {
  const refused = checkSameOrigin(req);
  if (refused) return { ok: false as const, response: refused };
  return readJsonBody(req);
}
