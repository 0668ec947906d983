import 'server-only';
import { getSiteEnv } from '@/lib/env';
import type { Locale } from '@/lib/i18n/locales';
import { getLogger } from '@/lib/log';
import { processSingleton } from '@/lib/process-singleton';
import { loadSiteContentFile, type LoadedSiteContent } from './load';
import { resolveSiteContent, type SiteContent } from './schema';

/**
 * The site's content for the pages (./load.ts reads it): read once per process, its problems
 * logged once. A file that cannot be used never takes the pages down: they show the built-in
 * content until it is fixed.
 */

export { loadSiteContentFile, type LoadedSiteContent, type LoadOptions } from './load';

// A process singleton: Next.js bundles each route with its own copy of this module, and the file
// should be read, and a problem logged, once per process rather than once per route. Keyed by
// the variable's value, so a process (or a test) that changes it reads the new file.
const lastRead = processSingleton<{ current?: { key: string; loaded: LoadedSiteContent } }>(
  'site-content',
  () => ({}),
);

export function getLoadedSiteContent(): LoadedSiteContent {
  const key = process.env.SITE_CONTENT_FILE?.trim() ?? '';
  if (lastRead.current?.key === key) return lastRead.current.loaded;
  const loaded = loadSiteContentFile(process.env);
  lastRead.current = { key, loaded };
  const log = getLogger();
  if (loaded.problems.length > 0) {
    log.error(
      { event: 'site-content.invalid', file: key, problems: loaded.problems },
      'SITE_CONTENT_FILE cannot be used; the pages show the built-in example content until it is fixed',
    );
  } else if (loaded.file.example && !getSiteEnv().sandboxMode) {
    log.warn(
      { event: 'site-content.example', file: loaded.source ?? 'built-in' },
      'the contact and legal pages show example company details; set SITE_CONTENT_FILE to your own content',
    );
  }
  return loaded;
}

/** The content of the site's pages in one locale. */
export function getSiteContent(locale: Locale): SiteContent {
  return resolveSiteContent(getLoadedSiteContent().file, locale);
}
