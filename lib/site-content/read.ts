import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import builtInFile from '@/content/site-content.json';
import type { Locale } from '@/lib/i18n/locales';
import { getSiteEnv } from '@/lib/env';
import { getLogger } from '@/lib/log';
import { processSingleton } from '@/lib/process-singleton';
import { parseSiteContentFile, resolveSiteContent, type SiteContent, type SiteContentFile } from './schema';

/**
 * Where the site's content comes from: the file SITE_CONTENT_FILE names (read at run time, so an
 * operator changes it with a restart, not a new build), or the committed content/site-content.json,
 * which is built into the site. A file that cannot be read or does not pass the schema never
 * takes the site down: the built-in content is shown and the problems are logged, one per field.
 */

export interface LoadedSiteContent {
  file: SiteContentFile;
  /** The absolute path the content came from, or null for the built-in content. */
  source: string | null;
  /** What was wrong with SITE_CONTENT_FILE; empty when it was used or not set. */
  problems: string[];
}

export interface LoadOptions {
  readFile?: (file: string) => string;
  cwd?: string;
}

function readBuiltIn(): SiteContentFile {
  const parsed = parseSiteContentFile(builtInFile);
  // The committed file is checked by its unit test; failing here means the repository is broken.
  if (!parsed.ok) throw new Error(`content/site-content.json is invalid: ${parsed.problems.join('; ')}`);
  return parsed.file;
}

function describeReadError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : 'unreadable';
}

export function loadSiteContentFile(
  env: Readonly<Record<string, string | undefined>>,
  { readFile = (file) => readFileSync(file, 'utf8'), cwd = process.cwd() }: LoadOptions = {},
): LoadedSiteContent {
  const configured = env.SITE_CONTENT_FILE?.trim();
  if (!configured) return { file: readBuiltIn(), source: null, problems: [] };
  const source = path.resolve(cwd, configured);
  const fallBack = (problems: string[]): LoadedSiteContent => ({ file: readBuiltIn(), source: null, problems });
  let text: string;
  try {
    text = readFile(source);
  } catch (error) {
    return fallBack([`cannot read ${source} (${describeReadError(error)})`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return fallBack([`${source} is not valid JSON (${error instanceof Error ? error.message : 'parse error'})`]);
  }
  const parsed = parseSiteContentFile(json);
  return parsed.ok ? { file: parsed.file, source, problems: [] } : fallBack(parsed.problems);
}

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
