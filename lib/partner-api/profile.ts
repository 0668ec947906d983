import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { PET_FREE_KEYWORD } from '@/lib/booking/preferences';
import { OPERATIONS, type OperationName } from './operations';
import {
  AvailableHouseUnitsResultSchema,
  HouseDetailsSchema,
  HousesSearchResultSchema,
  OptionalServicesResultSchema,
  ParkActiveHousesResultSchema,
  ParkDataResultSchema,
  PreBookingResultSchema,
  UsedHouseTypesResultSchema,
} from './schemas';

/**
 * The partner profile: one declarative description of how the site talks to the partner. Per
 * operation it holds the HTTP method, the path (with `{houseId}`-style placeholders), the date
 * format of the request's dates, the partner's names for the query parameters and body fields,
 * and aliases that rename fields of the partner's answers to the names our schemas read. It also
 * holds the keywords that mark the pet-free preference.
 *
 * Our names are the names of lib/partner-api/schemas.ts (the ones the sandbox reads and writes),
 * so the sandbox's profile is the default and a partner's profile lists only what differs. A
 * JSON file named by PARTNER_PROFILE is merged over the default (objects merge, everything else
 * replaces); PARTNER_PATHS, the older path-only override, is merged last. The merged profile is
 * checked once at start-up, and every problem is reported on a line of its own.
 *
 * Not server-only: it holds no secret (the key stays in ./config.ts), and the production server
 * (scripts/site-server.ts), which runs outside Next.js's bundles where a server-only module cannot
 * be loaded, checks the profile with it before it starts Next.js.
 */

export const DATE_FORMATS = ['date', 'date-time'] as const;
/** `date` = `YYYY-MM-DD`; `date-time` = `YYYY-MM-DDT00:00:00.000Z` (UTC midnight of the day). */
export type DateFormat = (typeof DATE_FORMATS)[number];
export const METHODS = ['GET', 'POST'] as const;

export interface OperationProfile {
  method: (typeof METHODS)[number];
  path: string;
  /** How the request's dates are written; operations without dates have none. */
  dateFormat?: DateFormat;
  /** Our query parameter name → the partner's. */
  query: Record<string, string>;
  /** Our body field name → the partner's; `extraServices.id` names a field inside each extra service. */
  body: Record<string, string>;
  /** The partner's answer field (a dotted path, arrays stepped through) → the name our schema reads. */
  response: Record<string, string>;
}

export interface PartnerProfile {
  /** Free text for the reader of a profile file. */
  description?: string;
  /** Preference keywords (case and surrounding spaces ignored) that mean "pet-free accommodation". */
  petFreeKeywords: string[];
  operations: Record<OperationName, OperationProfile>;
}

// ------------------------------------------------------------------ what each operation sends

const PARTY = ['adults', 'child0002', 'child0304', 'child0512', 'child1317', 'animalNr'] as const;
const STAY = ['startDate', 'endDate'] as const;
const SELECTION = [
  'houseID',
  ...STAY,
  ...PARTY,
  'unitId',
  'preferences',
  'extraServices',
  'extraServices.id',
  'extraServices.quantity',
  'extraServices.date',
  'cancellationFund',
] as const;
const GUEST = [
  'transactionId',
  'countryCode',
  'language',
  'firstname',
  'insertion',
  'lastName',
  'address',
  'houseNr',
  'zipCode',
  'city',
  'email',
  'phoneNumber',
  'mobilePhone',
  'faxNumber',
] as const;

interface OperationFields {
  query: readonly string[];
  body: readonly string[];
  /** Placeholders the path must hold: the operation cannot be asked without them. */
  placeholders: readonly string[];
  /** The answer's schema, to check that an alias names a field we read. */
  answer: z.ZodType;
}

/** Our request names per operation (the site sends nothing else) and the schema of each answer. */
export const OPERATION_FIELDS: Readonly<Record<OperationName, OperationFields>> = {
  searchHouses: {
    query: [...STAY, ...PARTY, 'houseTypeId'],
    body: [],
    placeholders: [],
    answer: HousesSearchResultSchema,
  },
  houseDetails: {
    query: [...STAY, ...PARTY],
    body: [],
    placeholders: ['houseId'],
    answer: HouseDetailsSchema,
  },
  optionalServices: {
    query: ['houseId', ...STAY],
    body: [],
    placeholders: [],
    answer: OptionalServicesResultSchema,
  },
  availableHouseUnits: {
    query: ['houseId', ...STAY, ...PARTY],
    body: [],
    placeholders: [],
    answer: AvailableHouseUnitsResultSchema,
  },
  usedHouseTypes: { query: [], body: [], placeholders: [], answer: UsedHouseTypesResultSchema },
  parkActiveHouses: { query: [], body: [], placeholders: [], answer: ParkActiveHousesResultSchema },
  parkData: { query: [], body: [], placeholders: [], answer: ParkDataResultSchema },
  priceSpecifications: { query: [], body: SELECTION, placeholders: [], answer: PreBookingResultSchema },
  preRegisterReservation: {
    query: [],
    body: [...SELECTION, ...GUEST],
    placeholders: [],
    answer: PreBookingResultSchema,
  },
  finalizeReservation: {
    query: [],
    body: ['transactionId', 'paymentType', 'thankYouPageUrl'],
    placeholders: [],
    answer: PreBookingResultSchema,
  },
};

/** Request fields that carry a date, written in the operation's date format. */
export const DATE_FIELDS: ReadonlySet<string> = new Set(['startDate', 'endDate', 'extraServices.date']);

export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];

// ------------------------------------------------------------------ the default (the sandbox's)

/**
 * Dates as the client has always written them: calendar dates in the reads' queries, UTC-midnight
 * date-times for optional services (its help page spells that form out) and in request bodies.
 */
const DEFAULT_DATE_FORMATS: Partial<Record<OperationName, DateFormat>> = {
  searchHouses: 'date',
  houseDetails: 'date',
  availableHouseUnits: 'date',
  optionalServices: 'date-time',
  priceSpecifications: 'date-time',
  preRegisterReservation: 'date-time',
};

/** Each of our names sent as itself (a nested `parent.field` as `field`). */
const sameNames = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, name.slice(name.lastIndexOf('.') + 1)]));

/** The sandbox's profile: what the client sends when nothing is configured. */
export function createDefaultProfile(): PartnerProfile {
  const operations = Object.fromEntries(
    OPERATION_NAMES.map((op): [OperationName, OperationProfile] => {
      const fields = OPERATION_FIELDS[op];
      const dateFormat = DEFAULT_DATE_FORMATS[op];
      return [
        op,
        {
          method: OPERATIONS[op].method,
          path: OPERATIONS[op].path,
          ...(dateFormat ? { dateFormat } : {}),
          query: sameNames(fields.query),
          body: sameNames(fields.body),
          response: {},
        },
      ];
    }),
  ) as Record<OperationName, OperationProfile>;
  return { petFreeKeywords: [PET_FREE_KEYWORD], operations };
}

// ------------------------------------------------------------------ merging

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `override` over `base`: objects merge key by key, anything else (arrays too) replaces. */
export function mergeProfile(base: unknown, override: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(override)) return override;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    out[key] = Object.hasOwn(base, key) ? mergeProfile(base[key], value) : value;
  }
  return out;
}

// ------------------------------------------------------------------ checking

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
const nameSchema = z
  .string({ error: 'must be a string' })
  .regex(NAME, 'must be a name of letters, digits, _ . - (at most 64)');

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
  response: z.record(z.string(), nameSchema, {
    error: "must be an object of the partner's field → our name",
  }),
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

/** A problem: where it is (a dotted path in the profile) and what is wrong, in words. */
export interface ProfileProblem {
  path: string;
  message: string;
}

function listOf(names: readonly string[]): string {
  return names.length === 0 ? 'none' : names.join(', ');
}

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

function nameMapProblems(
  op: OperationName,
  part: 'query' | 'body',
  map: Record<string, string>,
): ProfileProblem[] {
  const known = part === 'query' ? OPERATION_FIELDS[op].query : OPERATION_FIELDS[op].body;
  const problems: ProfileProblem[] = [];
  for (const ours of Object.keys(map)) {
    if (!known.includes(ours)) {
      problems.push({
        path: `operations.${op}.${part}.${ours}`,
        message:
          known.length === 0
            ? `this operation sends no ${part === 'query' ? 'query parameters' : 'body'}`
            : `not a field this operation sends (known: ${listOf(known)})`,
      });
    }
  }
  // Two of our fields under one partner name would overwrite each other (per level of the body).
  const byTarget = new Map<string, string[]>();
  for (const [ours, theirs] of Object.entries(map)) {
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

/** Unwraps optional, nullable, default and pipe wrappers down to an object or array schema. */
function core(schema: z.ZodType): z.ZodType {
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
  let current = core(answer);
  for (const segment of path) {
    if (!(current instanceof z.ZodObject)) return null;
    const next = (current.shape as Record<string, z.ZodType>)[segment];
    if (!next) return null;
    current = core(next);
  }
  return current instanceof z.ZodObject ? Object.keys(current.shape) : null;
}

function aliasProblems(op: OperationName, aliases: Record<string, string>): ProfileProblem[] {
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

function semanticProblems(op: OperationName, settings: OperationProfile): ProfileProblem[] {
  const problems = [
    ...pathProblems(op, settings.path),
    ...nameMapProblems(op, 'query', settings.query),
    ...nameMapProblems(op, 'body', settings.body),
    ...aliasProblems(op, settings.response),
  ];
  if (OPERATION_FIELDS[op].body.length > 0 && settings.method !== 'POST') {
    problems.push({ path: `operations.${op}.method`, message: 'must be POST: this operation sends a body' });
  }
  return problems;
}

/** Every problem of a merged profile: the structure first, then each operation's own rules. */
export function findProfileProblems(input: unknown): ProfileProblem[] {
  const parsed = ProfileSchema.safeParse(input, { reportInput: true });
  const problems = parsed.success ? [] : structuralProblems(parsed.error);
  const operations = isPlainObject(input) && isPlainObject(input.operations) ? input.operations : {};
  for (const op of OPERATION_NAMES) {
    const settings = OperationProfileSchema.safeParse(operations[op]);
    if (settings.success) problems.push(...semanticProblems(op, settings.data));
  }
  return problems;
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
    if (!isPlainObject(value)) return { problem: `PARTNER_PROFILE: ${file} must hold a JSON object` };
    return { value };
  } catch {
    return { problem: `PARTNER_PROFILE: ${file} is not valid JSON` };
  }
}

function readPathsOverride(raw: string): { paths: Record<string, string>; problems: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {
      paths: {},
      problems: ['PARTNER_PATHS: not valid JSON (expected an object of operation → path)'],
    };
  }
  if (!isPlainObject(value)) {
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

/**
 * The effective profile: the sandbox's, then PARTNER_PROFILE, then PARTNER_PATHS. Throws a
 * PartnerProfileError listing every problem, each on its own line and named after the variable
 * it came from (a path set by PARTNER_PATHS is reported under PARTNER_PATHS).
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
  }
  let fromPaths: Record<string, string> = {};
  if (sources.PARTNER_PATHS) {
    const override = readPathsOverride(sources.PARTNER_PATHS);
    lines.push(...override.problems);
    fromPaths = override.paths;
    const operations = Object.fromEntries(Object.entries(fromPaths).map(([op, path]) => [op, { path }]));
    merged = mergeProfile(merged, { operations });
  }
  for (const problem of findProfileProblems(merged)) {
    const [, op, field] = problem.path.split('.');
    const viaPaths =
      problem.path.startsWith('operations.') && field === 'path' && op !== undefined && op in fromPaths;
    lines.push(
      viaPaths
        ? `PARTNER_PATHS ${op}: ${problem.message}`
        : `PARTNER_PROFILE ${problem.path}: ${problem.message}`,
    );
  }
  if (lines.length > 0) throw new PartnerProfileError(lines);
  return merged as PartnerProfile;
}
