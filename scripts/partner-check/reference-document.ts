/**
 * The partner's API reference (an OpenAPI 3 or Swagger 2 document) read for what the check
 * compares: each operation's method and path, its query parameters, its JSON body and its JSON
 * answer. `$ref`s are followed inside the document only (`#/…`): a reference that points
 * elsewhere is never fetched, so the partner's document cannot send the check to other
 * addresses, and a reference that loops is followed once.
 */

import { isRecord } from '@/lib/validation/guards';

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export interface ReferenceOperation {
  /** Upper case, as the profile writes it. */
  method: string;
  path: string;
  operationId?: string;
  tags: string[];
  query: { name: string; required: boolean }[];
  /** The JSON request body's schema, unresolved. */
  body: unknown;
  /** The schema of the first successful JSON answer, unresolved. */
  response: unknown;
}

export interface ReferenceDocument {
  version: string;
  /** Path prefixes the document's servers (or Swagger 2 basePath) put before each path. */
  basePaths: string[];
  operations: ReferenceOperation[];
  /** The node a (chain of) local `$ref` names, or the node itself. */
  resolve(node: unknown): unknown;
}

/** The fields a schema describes, merged over allOf/anyOf/oneOf and stepping through lists. */
export interface SchemaFields {
  fields: Map<string, unknown>;
  required: Set<string>;
}

function pointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isRecord(node) && !Array.isArray(node)) return undefined;
    node = (node as Json)[key];
  }
  return node;
}

function resolver(doc: Json): (node: unknown) => unknown {
  return (node) => {
    let current = node;
    for (let hops = 0; hops < 32 && isRecord(current) && typeof current.$ref === 'string'; hops++) {
      current = pointer(doc, current.$ref);
    }
    return isRecord(current) && typeof current.$ref === 'string' ? undefined : current;
  };
}

function jsonContentSchema(content: unknown): unknown {
  if (!isRecord(content)) return undefined;
  const types = Object.keys(content);
  const type =
    types.find((t) => t.split(';')[0]!.trim() === 'application/json') ??
    types.find((t) => /json/i.test(t)) ??
    types[0];
  const media = type === undefined ? undefined : content[type];
  return isRecord(media) ? media.schema : undefined;
}

function successResponse(responses: unknown, resolve: (n: unknown) => unknown): Json | undefined {
  if (!isRecord(responses)) return undefined;
  const codes = Object.keys(responses);
  const code =
    ['200', '201'].find((c) => c in responses) ??
    codes.find((c) => /^2\d\d$/.test(c)) ??
    codes.find((c) => /^2xx$/i.test(c)) ??
    codes.find((c) => c === 'default');
  const response = code === undefined ? undefined : resolve(responses[code]);
  return isRecord(response) ? response : undefined;
}

function readOperation(
  path: string,
  method: string,
  item: Json,
  op: Json,
  resolve: (n: unknown) => unknown,
): ReferenceOperation {
  // Operation parameters override the path item's of the same name and place.
  const byKey = new Map<string, Json>();
  for (const raw of [...arrayOf(item.parameters), ...arrayOf(op.parameters)]) {
    const param = resolve(raw);
    if (isRecord(param) && typeof param.name === 'string') byKey.set(`${param.in}:${param.name}`, param);
  }
  const params = [...byKey.values()];
  const bodyParam = params.find((p) => p.in === 'body');
  const requestBody = resolve(op.requestBody);
  const response = successResponse(op.responses, resolve);
  return {
    method: method.toUpperCase(),
    path,
    ...(typeof op.operationId === 'string' ? { operationId: op.operationId } : {}),
    tags: arrayOf(op.tags).filter((t): t is string => typeof t === 'string'),
    query: params
      .filter((p) => p.in === 'query')
      .map((p) => ({ name: p.name as string, required: p.required === true })),
    body: bodyParam
      ? bodyParam.schema
      : isRecord(requestBody)
        ? jsonContentSchema(requestBody.content)
        : undefined,
    response: response
      ? response.content
        ? jsonContentSchema(response.content)
        : response.schema
      : undefined,
  };
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function basePathsOf(doc: Json): string[] {
  if (typeof doc.basePath === 'string') return [doc.basePath];
  const paths = arrayOf(doc.servers).flatMap((server) => {
    if (!isRecord(server) || typeof server.url !== 'string') return [];
    try {
      return [new URL(server.url, 'http://reference.invalid').pathname];
    } catch {
      return [];
    }
  });
  return [...new Set(paths)].filter((p) => p !== '/' && p !== '');
}

/** The document's operations, or why it is not an OpenAPI or Swagger document. */
export function parseReference(doc: unknown): ReferenceDocument | { error: string } {
  if (!isRecord(doc) || !isRecord(doc.paths)) {
    return { error: 'is JSON but not an OpenAPI or Swagger document (it has no "paths")' };
  }
  const version =
    typeof doc.openapi === 'string'
      ? `OpenAPI ${doc.openapi}`
      : typeof doc.swagger === 'string'
        ? `Swagger ${doc.swagger}`
        : 'unknown version';
  const resolve = resolver(doc);
  const operations: ReferenceOperation[] = [];
  for (const [path, rawItem] of Object.entries(doc.paths)) {
    const item = resolve(rawItem);
    if (!isRecord(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (isRecord(op)) operations.push(readOperation(path, method, item, op, resolve));
    }
  }
  return { version, basePaths: basePathsOf(doc), operations, resolve };
}

/** The fields of an object schema (null when it describes none), through lists and combinations. */
export function fieldsOf(ref: Pick<ReferenceDocument, 'resolve'>, schema: unknown): SchemaFields | null {
  const seen = new Set<unknown>();
  const walk = (raw: unknown): SchemaFields | null => {
    const node = ref.resolve(raw);
    if (!isRecord(node) || seen.has(node)) return null;
    seen.add(node);
    if (node.items !== undefined) return walk(node.items);
    let out: SchemaFields | null = null;
    if (isRecord(node.properties)) {
      out = { fields: new Map(Object.entries(node.properties)), required: new Set() };
      for (const name of arrayOf(node.required)) if (typeof name === 'string') out.required.add(name);
    }
    for (const combination of ['allOf', 'anyOf', 'oneOf'] as const) {
      for (const sub of arrayOf(node[combination])) {
        const found = walk(sub);
        if (!found) continue;
        out ??= { fields: new Map(), required: new Set() };
        for (const [name, value] of found.fields) if (!out.fields.has(name)) out.fields.set(name, value);
        // Only allOf makes a branch's required fields required for the whole.
        if (combination === 'allOf') for (const name of found.required) out.required.add(name);
      }
    }
    return out;
  };
  return walk(schema);
}
