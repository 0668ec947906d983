import { z } from 'zod';
import type { OperationName } from '@/lib/partner-api/operations';
import { innerSchema } from '@/lib/partner-api/profile-aliases';
import {
  OPERATION_FIELDS,
  OPERATION_NAMES,
  type OperationProfile,
  type PartnerProfile,
} from '@/lib/partner-api/profile';
import { FIELD_RULES } from './field-rules';
import {
  fieldsOf,
  type ReferenceDocument,
  type ReferenceOperation,
  type SchemaFields,
} from './reference-document';
import type { ReferenceMismatch } from './types';

/** The profile's map that names an operation's fields: a read's parameters or a model's fields. */
type FieldPart = (typeof OPERATION_FIELDS)[OperationName]['part'];
import { WRITE_OPERATIONS } from './write-probes';

/**
 * The profile compared with the partner's API reference, operation by operation: the method
 * and path, the names the site sends (query parameters, body fields) and the answer fields our
 * schemas read. Each mismatch names the profile entry to change. A wrong method or path breaks
 * its operation; a wrong name breaks what the booking needs; a missing answer field only
 * degrades a feature (and the reference may simply not describe it).
 */

/** Names the site sends only for a feature the booking does not need. */
const OPTIONAL_NAMES: Partial<Record<OperationName, readonly string[]>> = {
  searchHouses: ['houseTypeId'],
};

function bookingNeeds(op: OperationName): boolean {
  return FIELD_RULES[op]?.essential === true || (WRITE_OPERATIONS as readonly string[]).includes(op);
}

/** A path compared by its structure: placeholders match whatever they are called. */
function shape(path: string, ignoreCase: boolean): string {
  const joined = path.replace(/\{[^}]*\}/g, '{}').replace(/\/{2,}/g, '/');
  const trimmed = joined.length > 1 ? joined.replace(/\/$/, '') : joined;
  return ignoreCase ? trimmed.toLowerCase() : trimmed;
}

function samePath(
  ours: string[],
  doc: ReferenceDocument,
  candidate: ReferenceOperation,
  ignoreCase: boolean,
) {
  const theirs = [candidate.path, ...doc.basePaths.map((base) => base.replace(/\/$/, '') + candidate.path)];
  const wanted = new Set(ours.map((p) => shape(p, ignoreCase)));
  return theirs.some((p) => wanted.has(shape(p, ignoreCase)));
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The reference's operations that look like ours by id, tag or path. */
function lookAlikes(doc: ReferenceDocument, op: OperationName): ReferenceOperation[] {
  const name = squash(op);
  return doc.operations.filter(
    (o) =>
      (o.operationId !== undefined && squash(o.operationId).includes(name)) ||
      o.tags.some((t) => squash(t) === name) ||
      squash(o.path).includes(name),
  );
}

/** Closeness of two names (shared letters in order), for ordering suggestions. */
function similarity(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const row = Array.from({ length: y.length + 1 }, () => 0);
  for (let i = 1; i <= x.length; i++) {
    let prev = 0;
    for (let j = 1; j <= y.length; j++) {
      const keep = row[j]!;
      row[j] = x[i - 1] === y[j - 1] ? prev + 1 : Math.max(row[j]!, row[j - 1]!);
      prev = keep;
    }
  }
  return row[y.length]! / Math.max(x.length, y.length, 1);
}

const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');

interface SentName {
  /** Our name, as the profile's key (`extraServices.id` for a field inside each extra service). */
  ours: string;
  /** The name it leaves under. */
  theirs: string;
}

/** Compares the names one level of a request sends with the fields the reference lists there. */
function compareNames(
  op: OperationName,
  part: FieldPart,
  kind: string,
  sent: readonly SentName[],
  available: SchemaFields,
): ReferenceMismatch[] {
  const out: ReferenceMismatch[] = [];
  const names = [...available.fields.keys()];
  const matched = new Set<string>();
  const missing: SentName[] = [];
  for (const name of sent) {
    if (available.fields.has(name.theirs)) matched.add(name.theirs);
    else {
      const other = names.find((n) => n.toLowerCase() === name.theirs.toLowerCase());
      if (other === undefined) missing.push(name);
      else {
        matched.add(other);
        out.push({
          operation: op,
          entry: `operations.${op}.${part}.${name.ours}`,
          message: `the partner's reference spells the ${kind} "${other}", the site sends "${name.theirs}"`,
          breaks: false,
        });
      }
    }
  }
  const unmatched = names.filter((n) => !matched.has(n));
  const suggested = new Set<string>();
  for (const name of missing) {
    const last = name.ours.slice(name.ours.lastIndexOf('.') + 1);
    const candidates = unmatched.includes(last)
      ? [last]
      : [...unmatched].sort((a, b) => similarity(b, name.theirs) - similarity(a, name.theirs)).slice(0, 4);
    candidates.forEach((c) => suggested.add(c));
    const optional = OPTIONAL_NAMES[op]?.includes(name.ours) === true;
    out.push({
      operation: op,
      entry: `operations.${op}.${part}.${name.ours}`,
      message: `the partner's reference names no ${kind} "${name.theirs}"${candidates.length ? `; it has ${quoted(candidates)}` : ''}`,
      breaks: bookingNeeds(op) && !optional,
    });
  }
  const required = unmatched.filter((n) => available.required.has(n) && !suggested.has(n));
  if (required.length > 0) {
    out.push({
      operation: op,
      entry: `operations.${op}.${part}`,
      message: `the partner's reference requires ${kind}s the site does not send: ${quoted(required)}`,
      breaks: bookingNeeds(op),
    });
  }
  return out;
}

/**
 * The names an operation sends, as they leave: the profile's name, else our own last segment. A
 * field the profile names null is one the partner does not take, so it is never sent.
 */
function sentNames(settings: OperationProfile, part: FieldPart, names: readonly string[]): SentName[] {
  const map = settings[part];
  const dropped = names.filter((ours) => map[ours] === null);
  return names
    .filter((ours) => map[ours] !== null && !dropped.some((parent) => ours.startsWith(`${parent}.`)))
    .map((ours) => ({ ours, theirs: map[ours] ?? ours.slice(ours.lastIndexOf('.') + 1) }));
}

/** The names the request sends against the reference: a GET's query parameters, a POST's body fields. */
function compareRequest(
  doc: ReferenceDocument,
  op: OperationName,
  settings: OperationProfile,
  found: ReferenceOperation,
): ReferenceMismatch[] {
  const { part, fields } = OPERATION_FIELDS[op];
  const sent = sentNames(settings, part, fields);
  if (sent.length === 0) return [];
  if (settings.method === 'GET') {
    const available: SchemaFields = {
      fields: new Map(found.query.map((q) => [q.name, q])),
      required: new Set(found.query.filter((q) => q.required).map((q) => q.name)),
    };
    return compareNames(op, part, 'query parameter', sent, available);
  }
  const body = fieldsOf(doc, found.body);
  if (!body) {
    const message = `the partner's reference describes no JSON body fields for ${found.method} ${found.path}, so the names the site sends could not be compared`;
    return [{ operation: op, entry: `operations.${op}.${part}`, message, breaks: false }];
  }
  const level = sent.filter((n) => !n.ours.includes('.'));
  const out = compareNames(op, part, 'body field', level, body);
  // Fields inside each item of a list the body sends (extraServices.id and its siblings).
  for (const parent of level) {
    const children = sent.filter((n) => n.ours.startsWith(`${parent.ours}.`));
    const inner = children.length > 0 ? fieldsOf(doc, body.fields.get(parent.theirs)) : null;
    if (inner) out.push(...compareNames(op, part, `field in "${parent.theirs}"`, children, inner));
  }
  return out;
}

/** The partner's name for one of our answer fields under a partner path: its alias, else our name. */
function partnerName(aliases: Record<string, string>, parent: string, ours: string): string {
  for (const [theirs, name] of Object.entries(aliases)) {
    const cut = theirs.lastIndexOf('.');
    if (name === ours && (cut < 0 ? '' : theirs.slice(0, cut)) === parent) return theirs.slice(cut + 1);
  }
  return ours;
}

/** Answer fields our schema reads that the reference does not describe (our dotted names). */
function missingAnswerFields(
  doc: ReferenceDocument,
  theirs: unknown,
  ours: z.ZodType,
  aliases: Record<string, string>,
  at: { ours: string; theirs: string },
): string[] {
  const object = innerSchema(ours);
  const available = fieldsOf(doc, theirs);
  if (!(object instanceof z.ZodObject) || !available) return [];
  const missing: string[] = [];
  for (const [name, child] of Object.entries(object.shape as Record<string, z.ZodType>)) {
    const ourPath = at.ours ? `${at.ours}.${name}` : name;
    const partner = partnerName(aliases, at.theirs, name);
    const field =
      available.fields.get(partner) ??
      [...available.fields].find(([n]) => n.toLowerCase() === partner.toLowerCase())?.[1];
    if (field === undefined) missing.push(ourPath);
    else {
      const theirPath = at.theirs ? `${at.theirs}.${partner}` : partner;
      missing.push(...missingAnswerFields(doc, field, child, aliases, { ours: ourPath, theirs: theirPath }));
    }
  }
  return missing;
}

function compareAnswer(
  doc: ReferenceDocument,
  op: OperationName,
  settings: OperationProfile,
  found: ReferenceOperation,
): ReferenceMismatch[] {
  const entry = `operations.${op}.response`;
  if (!fieldsOf(doc, found.response)) {
    const message = `the partner's reference describes no JSON answer fields for ${found.method} ${found.path}, so the fields the site reads could not be compared`;
    return [{ operation: op, entry, message, breaks: false }];
  }
  const missing = missingAnswerFields(doc, found.response, OPERATION_FIELDS[op].answer, settings.response, {
    ours: '',
    theirs: '',
  });
  if (missing.length === 0) return [];
  const shown =
    missing.slice(0, 8).join(', ') + (missing.length > 8 ? ` and ${missing.length - 8} more` : '');
  return [
    {
      operation: op,
      entry,
      message: `the partner's reference describes no answer field ${shown} (the site reads them; where the partner sends one under another name, map it here)`,
      breaks: false,
    },
  ];
}

function compareOperation(
  doc: ReferenceDocument,
  op: OperationName,
  settings: OperationProfile,
  basePath: string,
) {
  const ours = [settings.path, basePath.replace(/\/$/, '') + settings.path];
  const exact = doc.operations.filter((o) => samePath(ours, doc, o, false));
  const onPath = exact.length > 0 ? exact : doc.operations.filter((o) => samePath(ours, doc, o, true));
  if (onPath.length === 0) {
    const alike = lookAlikes(doc, op).slice(0, 3);
    const hint = alike.length ? `; it has ${alike.map((o) => `${o.method} "${o.path}"`).join(', ')}` : '';
    return [
      {
        operation: op,
        entry: `operations.${op}.path`,
        message: `the partner's reference has no path "${settings.path}"${hint}`,
        breaks: true,
      },
    ];
  }
  const found = onPath.find((o) => o.method === settings.method);
  if (!found) {
    const methods = [...new Set(onPath.map((o) => o.method))].join(' or ');
    return [
      {
        operation: op,
        entry: `operations.${op}.method`,
        message: `the partner's reference serves "${onPath[0]!.path}" with ${methods}, not ${settings.method}`,
        breaks: true,
      },
    ];
  }
  const out: ReferenceMismatch[] = [];
  if (exact.length === 0) {
    out.push({
      operation: op,
      entry: `operations.${op}.path`,
      message: `the partner's reference spells the path "${found.path}", differing only in letter case`,
      breaks: false,
    });
  }
  return [...out, ...compareRequest(doc, op, settings, found), ...compareAnswer(doc, op, settings, found)];
}

/** Every operation of the profile compared with the reference. */
export function compareWithReference(
  doc: ReferenceDocument,
  profile: Pick<PartnerProfile, 'operations'>,
  basePath: string,
): ReferenceMismatch[] {
  return OPERATION_NAMES.flatMap((op) => compareOperation(doc, op, profile.operations[op], basePath));
}
