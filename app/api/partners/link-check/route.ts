import { getToday } from '@/lib/booking/dates';
import { getSiteEnv } from '@/lib/env';
import { handle } from '@/lib/http/json';
import { problem } from '@/lib/http/problem';
import { checkSiteLink } from '@/lib/marketing/check-link';
import { checkLinkCheckLimit } from '@/lib/marketing/check-limit';
import { readSiteLink, type LinkProblemCode } from '@/lib/marketing/link-check';

export const dynamic = 'force-dynamic';

const TITLES: Record<LinkProblemCode, string> = {
  link_missing: 'Give the link to check in the url parameter.',
  link_too_long: 'The link is too long.',
  link_invalid: 'The link is not a valid address.',
  link_foreign_origin: 'Only links to this site can be checked.',
  link_unknown_page: 'The link does not open a search, house or park page of this site.',
};

/**
 * GET /api/partners/link-check?url=<link>: what the site makes of a partner's link (see
 * lib/marketing/check-link.ts). Bad input is a problem+json with a stable code, before any
 * limit is counted or the partner asked.
 */
export function GET(req: Request) {
  return handle('api.partners.linkCheck', async () => {
    const url = new URL(req.url);
    const values = url.searchParams.getAll('url');
    const siteOrigin = new URL(getSiteEnv().SITE_URL).origin;
    const read = values.length > 1 ? ({ ok: false, code: 'link_invalid' } as const) : readSiteLink(values[0] ?? null, siteOrigin);
    if (!read.ok) {
      return problem({ status: 400, code: read.code, title: TITLES[read.code], errors: { url: [read.code] } });
    }
    const limited = await checkLinkCheckLimit(req);
    if (limited) return limited;
    const check = await checkSiteLink(read.link, siteOrigin, getToday());
    return Response.json(check, { headers: { 'cache-control': 'no-store' } });
  });
}
