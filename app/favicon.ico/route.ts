import { faviconAnswer } from '@/lib/site-content/brand-answer';

/**
 * /favicon.ico, which browsers ask for on their own: the partner's favicon from the site content
 * when it names one, else the site's own. A route, not a file, so a changed brand needs no build.
 */
export const dynamic = 'force-dynamic';

export const GET = faviconAnswer;
