import { z } from 'zod';
import { OPERATIONS, type OperationName } from './operations';
import { aliasProblems, listOf, NAME, type ProfileProblem } from './profile-aliases';
import { DATE_FORMATS, METHODS, TYPE_FILTERS, type NameMap, type OperationProfile } from './profile-default';
import { OBJECT_LIST_FIELDS, OPERATION_FIELDS, OPERATION_NAMES, type FieldPart } from './profile-fields';
import { isRecord } from '@/lib/validation/guards';

/**
 * The check of a merged profile: its structure first, then each operation's own rules (the
 * placeholders its path must hold, the fields it may rename, what its method can carry, the
 * aliases of its answer). Every problem is reported with where it is and what is wrong. Not
 * server-only, like ./profile.ts.
 */

export type { ProfileProblem } from './profile-aliases';

const partnerName = z
  .string({ error: 'must be a string' })
  .regex(NAME, 'must be a name of letters, digits, _ . - (at most 64)');
/** A request field's partner name, or null: the partner's operation takes no such field. */
const nameSchema = partnerName.nullable();

const OperationProfileSchema = z.strictObject({
  method: z.enum(METHODS, { error: 'must be "GET" or "POST"' }),
  path: z
    .string({ error: 'must be a string' })
    .regex(
      /^\/[A-Za-z0-9/_{}.-]*$/,
      'must start with / and hold only letters, digits, / _ - . and {placeholders}',
    ),
  dateFormat: z
    .enum(DATE_FORMATS, { error: 'must be "date" (YYYY-MM-DD) or "date-time" (YYYY-MM-DDT00:00:00.000Z)' })
    .optional(),
  query: z.record(z.string(), nameSchema, { error: "must be an object of our name → the partner's name" }),
  body: z.record(z.string(), nameSchema, { error: "must be an object of our name → the partner's name" }),
  response: z.record(z.string(), partnerName, {
    error: "must be an object of the partner's field → our name",
  }),
  typeFilter: z
    .enum(TYPE_FILTERS, { error: 'must be "id" (the search takes a type\'s id) or "name" (its name)' })
    .optional(),
});

const ProfileSchema = z.strictObject({
  description: z.string({ error: 'must be a string' }).optional(),
  petFreeKeywords: z
    .array(
      z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(100, 'is too long'),
      {
        error: 'must be a list of keywords',
      },
    )
    .min(1, 'must name at least one keyword')
    .max(20, 'may name at most 20 keywords'),
  operations: z.strictObject(
    Object.fromEntries(OPERATION_NAMES.map((op) => [op, OperationProfileSchema])) as Record<
      OperationName,
      typeof OperationProfileSchema
    >,
    { error: 'must be an object of operation → settings' },
  ),
});

function structuralProblems(error: z.ZodError): ProfileProblem[] {
  return error.issues.flatMap((issue): ProfileProblem[] => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      const known =
        path === ''
          ? ['description', 'petFreeKeywords', 'operations']
          : path === 'operations'
            ? OPERATION_NAMES
            : Object.keys(OperationProfileSchema.shape);
      const what = path === 'operations' ? 'operation' : 'setting';
      return issue.keys.map((key) => ({
        path: path === '' ? key : `${path}.${key}`,
        message: `unknown ${what} (known: ${listOf(known)})`,
      }));
    }
    if (issue.code === 'invalid_type' && issue.input === undefined) return [{ path, message: 'is missing' }];
    return [{ path, message: issue.message }];
  });
}

const PLACEHOLDER = /\{([^{}]*)\}/g;

function pathProblems(op: OperationName, path: string): ProfileProblem[] {
  const at = `operations.${op}.path`;
  const needed = OPERATION_FIELDS[op].placeholders;
  const problems: ProfileProblem[] = [];
  const found = [...path.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
  if (/[{}]/.test(path.replace(PLACEHOLDER, '')))
    problems.push({ path: at, message: 'has an unmatched { or }' });
  for (const name of found) {
    if (!needed.includes(name)) {
      problems.push({
        path: at,
        message: `unknown placeholder {${name}} (this operation fills ${needed.length === 0 ? 'none' : needed.map((n) => `{${n}}`).join(', ')})`,
      });
    }
  }
  for (const name of needed) {
    if (!found.includes(name)) problems.push({ path: at, message: `must contain {${name}}` });
  }
  return problems;
}

function nameMapProblems(op: OperationName, part: FieldPart, map: NameMap): ProfileProblem[] {
  const own = OPERATION_FIELDS[op];
  const known = own.part === part ? own.fields : [];
  const problems: ProfileProblem[] = [];
  for (const ours of Object.keys(map)) {
    if (known.includes(ours)) continue;
    problems.push({
      path: `operations.${op}.${part}.${ours}`,
      message:
        own.fields.length === 0
          ? 'this operation sends no fields'
          : known.length === 0
            ? `name this operation's fields under ${own.part}, whichever the method`
            : `not a field this operation sends (known: ${listOf(known)})`,
    });
  }
  // Two of our fields under one partner name would overwrite each other (per level of the body).
  const byTarget = new Map<string, string[]>();
  for (const [ours, theirs] of Object.entries(map)) {
    if (theirs === null) continue;
    const parent = ours.includes('.') ? ours.slice(0, ours.lastIndexOf('.')) : '';
    const key = `${parent}\u0000${theirs}`;
    byTarget.set(key, [...(byTarget.get(key) ?? []), ours]);
  }
  for (const [key, ours] of byTarget) {
    if (ours.length > 1) {
      problems.push({
        path: `operations.${op}.${part}`,
        message: `${ours.join(' and ')} are ${ours.length === 2 ? 'both' : 'all'} sent as "${key.split('\u0000')[1]}"`,
      });
    }
  }
  return problems;
}

/** What the method can carry: bookings change a reservation; a query string holds no objects. */
function methodProblems(op: OperationName, settings: OperationProfile): ProfileProblem[] {
  const at = `operations.${op}.method`;
  if (OPERATIONS[op].kind === 'booking' && settings.method !== 'POST') {
    return [{ path: at, message: 'must be POST: a booking step changes a reservation' }];
  }
  if (settings.method !== 'GET') return [];
  const own = OPERATION_FIELDS[op];
  const names = settings[own.part];
  return own.fields
    .filter((field) => OBJECT_LIST_FIELDS.has(field) && names[field] !== null)
    .map((field) => ({
      path: at,
      message: `GET cannot carry ${field} (a list of objects) in a query string: use POST, or set ${own.part}.${field} to null if the partner takes none`,
    }));
}

function semanticProblems(op: OperationName, settings: OperationProfile): ProfileProblem[] {
  const problems = [
    ...pathProblems(op, settings.path),
    ...methodProblems(op, settings),
    ...nameMapProblems(op, 'query', settings.query),
    ...nameMapProblems(op, 'body', settings.body),
    ...aliasProblems(op, settings.response),
  ];
  if (settings.typeFilter !== undefined && op !== 'searchHouses') {
    problems.push({
      path: `operations.${op}.typeFilter`,
      message: 'only searchHouses filters by house type',
    });
  }
  return problems;
}

/** Every problem of a merged profile: the structure first, then each operation's own rules. */
export function findProfileProblems(input: unknown): ProfileProblem[] {
  const parsed = ProfileSchema.safeParse(input, { reportInput: true });
  const problems = parsed.success ? [] : structuralProblems(parsed.error);
  const operations = isRecord(input) && isRecord(input.operations) ? input.operations : {};
  for (const op of OPERATION_NAMES) {
    const settings = OperationProfileSchema.safeParse(operations[op]);
    if (settings.success) problems.push(...semanticProblems(op, settings.data));
  }
  return problems;
}
