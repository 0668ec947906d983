import { readFileSync } from 'node:fs';
import path from 'node:path';
import builtInFile from '@/content/site-content.json';
import { checkBrand } from './brand-check';
import { parseSiteContentFile, type SiteContentFile } from './schema';

/**
 * Reading the site-content file: the file SITE_CONTENT_FILE names (read at run time, so an
 * operator changes it with a restart, not a new build), or the committed content/site-content.json,
 * which is built into the site. A file that cannot be read or does not pass the schema falls back
 * to the built-in content with its problems listed. No `server-only` here: the site server's
 * start-up check reads the file too, before Next.js runs.
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

/** The folder the brand's file paths are read from: the content file's own. */
export function brandBaseDir(loaded: LoadedSiteContent, cwd = process.cwd()): string {
  return loaded.source === null ? path.join(cwd, 'content') : path.dirname(loaded.source);
}

const BRAND_FIELD = /^(?:brand|locales\.\w+\.brand)(?:\.|:)/;

/**
 * What keeps the brand from being shown as configured, one line per problem naming the
 * variable and the field: the server refuses to start on any, since a partner whose logo or
 * colours silently fell back would go live as someone else. Other content problems only fall
 * back to the built-in content and are logged by the pages, as before.
 */
export function brandConfigurationProblems(
  env: Readonly<Record<string, string | undefined>>,
  options: LoadOptions & { readBytes?: (file: string) => Buffer } = {},
): string[] {
  const loaded = loadSiteContentFile(env, options);
  const where = env.SITE_CONTENT_FILE?.trim() ? 'SITE_CONTENT_FILE' : 'content/site-content.json';
  if (loaded.problems.length > 0) {
    return loaded.problems.filter((problem) => BRAND_FIELD.test(problem)).map((problem) => `${where} ${problem}`);
  }
  const checked = checkBrand(loaded.file, brandBaseDir(loaded, options.cwd), options.readBytes);
  return checked.problems.map((problem) => `${where} ${problem}`);
}

/** The brand's fingerprint (./brand-check.ts) as the pages will show it, for the page store's keys. */
export function siteBrandFingerprint(env: Readonly<Record<string, string | undefined>>): string {
  const loaded = loadSiteContentFile(env);
  return checkBrand(loaded.file, brandBaseDir(loaded)).fingerprint;
}
