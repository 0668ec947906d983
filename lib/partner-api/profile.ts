import { readFileSync } from 'node:fs';
import documentedProfile from '@/profiles/partner-documented.json';
import { createDefaultProfile, type PartnerProfile } from './profile-default';
import { findProfileProblems } from './profile-check';
import { isPathsProblem, pathsAsProfile, readPathsOverride } from './profile-paths';
import { isRecord } from '@/lib/validation/guards';

/**
 * The partner profile: one declarative description of how the site talks to the partner. Per
 * operation it holds the HTTP method, the path (with `{houseId}`-style placeholders), the date
 * format of the request's dates, the partner's names for the request's fields (or null for a
 * field the partner does not take), aliases that rename fields of the partner's answers to the
 * names our schemas read, and for the search whether it takes a house type's id or its name. It
 * also holds the keywords that mark the pet-free preference.
 *
 * Our names are the names of lib/partner-api/schemas.ts (the ones the sandbox reads and writes),
 * so the sandbox's profile is the default and a partner's profile lists only what differs. A
 * JSON file named by PARTNER_PROFILE is merged over the default (objects merge, everything else
 * replaces); in partner mode without one, the partner's documented API
 * (profiles/partner-documented.json) is merged in its place, so a booking never goes to a path
 * only the sandbox serves. PARTNER_PATHS, the older path-only override, is merged last. The
 * merged profile is checked once at start-up, and every problem is reported on a line of its own.
 *
 * This module loads it; ./profile-default.ts holds its shape and the default, ./profile-fields.ts
 * what each operation sends, ./profile-check.ts the checks, ./profile-paths.ts PARTNER_PATHS.
 *
 * Not server-only: it holds no secret (the key stays in ./config.ts), and the production server
 * (scripts/site-server.ts), which runs outside Next.js's bundles where a server-only module cannot
 * be loaded, checks the profile with it before it starts Next.js. The documented profile is
 * imported, not read from disk, so it is part of every bundle whatever the working directory.
 */

export {
  createDefaultProfile,
  DATE_FORMATS,
  METHODS,
  TYPE_FILTERS,
  type DateFormat,
  type Method,
  type NameMap,
  type OperationProfile,
  type PartnerProfile,
  type TypeFilter,
} from './profile-default';
export { DATE_FIELDS, OPERATION_FIELDS, OPERATION_NAMES } from './profile-fields';
export { findProfileProblems, type ProfileProblem } from './profile-check';

/** Where the documented profile lives in the repository, for the people reading its notice. */
export const DOCUMENTED_PROFILE_FILE = 'profiles/partner-documented.json';

/** `override` over `base`: objects merge key by key, anything else (arrays too) replaces. */
export function mergeProfile(base: unknown, override: unknown): unknown {
  if (!isRecord(base) || !isRecord(override)) return override;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    out[key] = Object.hasOwn(base, key) ? mergeProfile(base[key], value) : value;
  }
  return out;
}

export class PartnerProfileError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid partner profile:\n${problems.join('\n')}`);
    this.name = 'PartnerProfileError';
  }
}

export interface ProfileSources {
  /** A JSON file merged over the sandbox's profile. */
  PARTNER_PROFILE?: string | undefined;
  /** JSON object of operation → path, merged last. */
  PARTNER_PATHS?: string | undefined;
  /** Set in partner mode: without PARTNER_PROFILE, the documented profile is merged instead. */
  PARTNER_API_URL?: string | undefined;
}

/** Partner mode with no profile named: the documented one stands in for PARTNER_PROFILE. */
function speaksDocumentedProfile(sources: ProfileSources): boolean {
  return Boolean(sources.PARTNER_API_URL) && !sources.PARTNER_PROFILE;
}

/**
 * What the production server says at start-up about the profile it runs with, or null when there
 * is nothing to say: the documented profile follows the partner's public pages, which leave much
 * open, so only a check against the partner itself tells whether it fits.
 */
export function partnerProfileNotice(sources: ProfileSources): string | null {
  if (!speaksDocumentedProfile(sources)) return null;
  return `PARTNER_PROFILE is not set: partner mode speaks the partner's API as its public help pages show it (${DOCUMENTED_PROFILE_FILE}); run \`npm run partner:check\` against the partner's test environment, and set PARTNER_PROFILE to the profile it passes with`;
}

function readProfileFile(
  file: string,
  readText: (file: string) => string,
): { value?: unknown; problem?: string } {
  let text: string;
  try {
    text = readText(file);
  } catch (err) {
    const code = (err as { code?: string } | undefined)?.code;
    return { problem: `PARTNER_PROFILE: cannot read ${file}${code ? ` (${code})` : ''}` };
  }
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value)) return { problem: `PARTNER_PROFILE: ${file} must hold a JSON object` };
    return { value };
  } catch {
    return { problem: `PARTNER_PROFILE: ${file} is not valid JSON` };
  }
}

/**
 * The effective profile: the sandbox's, then PARTNER_PROFILE (in partner mode without it, the
 * documented profile), then PARTNER_PATHS. Throws a PartnerProfileError listing every problem,
 * each on its own line and named after where it came from (a path set by PARTNER_PATHS is
 * reported under PARTNER_PATHS).
 */
export function loadPartnerProfile(
  sources: ProfileSources,
  readText: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): PartnerProfile {
  const lines: string[] = [];
  let merged: unknown = createDefaultProfile();
  if (sources.PARTNER_PROFILE) {
    const file = readProfileFile(sources.PARTNER_PROFILE, readText);
    if (file.problem) throw new PartnerProfileError([file.problem]);
    merged = mergeProfile(merged, file.value);
  } else if (speaksDocumentedProfile(sources)) {
    merged = mergeProfile(merged, documentedProfile);
  }
  const source =
    sources.PARTNER_PROFILE || !speaksDocumentedProfile(sources)
      ? 'PARTNER_PROFILE'
      : DOCUMENTED_PROFILE_FILE;
  let fromPaths: Record<string, string> = {};
  if (sources.PARTNER_PATHS) {
    const override = readPathsOverride(sources.PARTNER_PATHS);
    lines.push(...override.problems);
    fromPaths = override.paths;
    merged = mergeProfile(merged, pathsAsProfile(fromPaths));
  }
  for (const problem of findProfileProblems(merged)) {
    lines.push(
      isPathsProblem(problem.path, fromPaths)
        ? `PARTNER_PATHS ${problem.path.split('.')[1]}: ${problem.message}`
        : `${source} ${problem.path}: ${problem.message}`,
    );
  }
  if (lines.length > 0) throw new PartnerProfileError(lines);
  return merged as PartnerProfile;
}
