import { listOf } from './profile-aliases';
import { OPERATION_NAMES } from './profile-fields';
import { isRecord } from '@/lib/validation/guards';

/**
 * PARTNER_PATHS, the older, path-only form of the profile: a JSON object of operation → path. It
 * sets the `path` of those operations after PARTNER_PROFILE, and a problem with a path it set is
 * reported under its own name. Not server-only, like ./profile.ts.
 */

export interface PathsOverride {
  /** Operation → path, for the operations it names correctly. */
  paths: Record<string, string>;
  /** One line per problem, each naming PARTNER_PATHS. */
  problems: string[];
}

export function readPathsOverride(raw: string): PathsOverride {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {
      paths: {},
      problems: ['PARTNER_PATHS: not valid JSON (expected an object of operation → path)'],
    };
  }
  if (!isRecord(value)) {
    return { paths: {}, problems: ['PARTNER_PATHS: must be a JSON object of operation → path'] };
  }
  const paths: Record<string, string> = {};
  const problems: string[] = [];
  for (const [op, path] of Object.entries(value)) {
    if (!(OPERATION_NAMES as string[]).includes(op)) {
      problems.push(`PARTNER_PATHS ${op}: unknown operation (known: ${listOf(OPERATION_NAMES)})`);
    } else if (typeof path !== 'string') {
      problems.push(`PARTNER_PATHS ${op}: must be a path string`);
    } else {
      paths[op] = path;
    }
  }
  return { paths, problems };
}

/** The override as a profile fragment, to merge over the profile. */
export function pathsAsProfile(paths: Record<string, string>): {
  operations: Record<string, { path: string }>;
} {
  return { operations: Object.fromEntries(Object.entries(paths).map(([op, path]) => [op, { path }])) };
}

/** True when a problem at this profile path is one PARTNER_PATHS caused (a path it set). */
export function isPathsProblem(problemPath: string, paths: Record<string, string>): boolean {
  const [root, op, field] = problemPath.split('.');
  return root === 'operations' && field === 'path' && op !== undefined && op in paths;
}
