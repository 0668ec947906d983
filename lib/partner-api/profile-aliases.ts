import { z } from 'zod';
import type { OperationName } from './operations';
import { OPERATION_FIELDS } from './profile-fields';

/**
 * The check of a profile's response aliases: each renames a field of the partner's answer (a
 * dotted path) to a name our schema reads at that place. Not server-only, like ./profile.ts.
 */

/** A field name of the partner's: letters, digits, _ . - (the same rule as the request names). */
export const NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

/** A problem: where it is (a dotted path in the profile) and what is wrong, in words. */
export interface ProfileProblem {
  path: string;
  message: string;
}

export function listOf(names: readonly string[]): string {
  return names.length === 0 ? 'none' : names.join(', ');
}

/**
 * Unwraps optional, nullable, default, pipe and list wrappers down to the schema inside (the
 * object whose fields a profile or a reference document names).
 */
export function innerSchema(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (let i = 0; i < 10; i++) {
    if (
      current instanceof z.ZodOptional ||
      current instanceof z.ZodNullable ||
      current instanceof z.ZodDefault
    ) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodArray) {
      current = current.element as z.ZodType;
    } else if (current instanceof z.ZodPipe) {
      current = current.in as z.ZodType;
    } else {
      return current;
    }
  }
  return current;
}

/** The field names our schema reads at a (our-names) path of an answer, or null when not an object there. */
function fieldsAt(answer: z.ZodType, path: readonly string[]): string[] | null {
  let current = innerSchema(answer);
  for (const segment of path) {
    if (!(current instanceof z.ZodObject)) return null;
    const next = (current.shape as Record<string, z.ZodType>)[segment];
    if (!next) return null;
    current = innerSchema(next);
  }
  return current instanceof z.ZodObject ? Object.keys(current.shape) : null;
}

export function aliasProblems(op: OperationName, aliases: Record<string, string>): ProfileProblem[] {
  const problems: ProfileProblem[] = [];
  for (const [theirs, ours] of Object.entries(aliases)) {
    const at = `operations.${op}.response.${theirs}`;
    const segments = theirs.split('.');
    if (segments.some((s) => !NAME.test(s) || s.includes('.'))) {
      problems.push({ path: at, message: 'must be a field name, or names joined by dots' });
      continue;
    }
    // The parents, read in our names (a parent may itself be renamed by an alias).
    const parents: string[] = [];
    for (let i = 0; i < segments.length - 1; i++) {
      const partnerPath = segments.slice(0, i + 1).join('.');
      parents.push(aliases[partnerPath] ?? segments[i]!);
    }
    const fields = fieldsAt(OPERATION_FIELDS[op].answer, parents);
    if (fields === null) {
      problems.push({ path: at, message: `our schema reads no object at ${parents.join('.') || 'the top'}` });
    } else if (!fields.includes(ours)) {
      problems.push({
        path: at,
        message: `"${ours}" is not a field our schema reads ${parents.length ? `in ${parents.join('.')}` : 'at the top'} (known: ${listOf(fields)})`,
      });
    }
  }
  return problems;
}
