import 'server-only';
import { readCappedBody } from '@/lib/capped-body';
import { admitShared, clientKey, perInstance } from '@/lib/booking-flow/rules/rate-limit';
import { checkSameSite } from '@/lib/http/guards';
import { problem } from '@/lib/http/problem';
import { DEFAULT_LOCALE, isLocale } from '@/lib/i18n/locales';
import { tokensMatch } from '@/lib/metrics/access';
import { isSecureSite } from '@/lib/env';
import { configuredReportToken, newReportCookieValue } from '@/lib/ledger/report-access';
import { clearReportCookie, setReportCookie } from '@/lib/ledger/report-cookie';

/**
 * POST /api/partners/report/session: the report page's sign-in and sign-out forms. A right token
 * gets the report cookie, a wrong one is sent back to the page to say so; either way the answer is
 * a 303 to the page, so the browser shows it with a GET. Attempts are counted per client address
 * in the shared windows: every attempt, right or wrong, because a limit that let a right token
 * through would leave guessing open, and a partner signs in once a day.
 */

export const SIGN_IN_LIMITS = { perClient: 10, perSite: 300, windowMs: 15 * 60_000 } as const;

const MAX_FORM_BYTES = 4 * 1024;

function backToPage(locale: string, search: string, cookie?: string, retryAfter?: number): Response {
  const headers = new Headers({
    location: `/${locale}/partners/report${search}`,
    'cache-control': 'no-store',
  });
  if (cookie) headers.set('set-cookie', cookie);
  if (retryAfter) headers.set('retry-after', String(retryAfter));
  return new Response(null, { status: 303, headers });
}

async function readForm(req: Request): Promise<URLSearchParams | null> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers.get('content-type') ?? '')) return null;
  const bytes = await readCappedBody(req.body, req.headers.get('content-length'), MAX_FORM_BYTES);
  return bytes === null ? null : new URLSearchParams(bytes.toString('utf8'));
}

export async function answerReportSession(req: Request, now = Date.now()): Promise<Response> {
  const token = configuredReportToken();
  if (token === null) return problem({ status: 404, code: 'not_found', title: 'Not found.' });
  const refused = checkSameSite(req);
  if (refused) return refused;
  const form = await readForm(req);
  if (form === null) return problem({ status: 400, code: 'invalid_input', title: 'Send the sign-in form.' });
  const locale = isLocale(form.get('locale')) ? form.get('locale')! : DEFAULT_LOCALE;
  const secure = isSecureSite();
  if (form.get('intent') === 'sign-out') return backToPage(locale, '', clearReportCookie(secure));

  const wait = await admitShared(
    [
      {
        key: `report-sign-in:client:${clientKey(req)}`,
        limit: SIGN_IN_LIMITS.perClient,
        windowMs: SIGN_IN_LIMITS.windowMs,
      },
      {
        key: perInstance('report-sign-in:site'),
        limit: SIGN_IN_LIMITS.perSite,
        windowMs: SIGN_IN_LIMITS.windowMs,
      },
    ],
    now,
  );
  if (wait !== null) return backToPage(locale, '?error=limited', undefined, wait);
  if (!tokensMatch(form.get('token') ?? '', token)) return backToPage(locale, '?error=1');
  return backToPage(locale, '', setReportCookie(newReportCookieValue(token, now), secure));
}
