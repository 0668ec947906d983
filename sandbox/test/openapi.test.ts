import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS, PATH_VARIANTS, type OperationName } from '@/lib/partner-api/operations';
import { OPENAPI_FILE, buildOpenApiDocument, renderOpenApi } from '../src/openapi-document';

function refs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refs);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (k === '$ref' && typeof v === 'string' ? [v] : refs(v)));
  }
  return [];
}

describe('OpenAPI document', () => {
  it('the committed file equals what `npm run openapi` generates now', () => {
    const committed = readFileSync(path.resolve(__dirname, '../..', OPENAPI_FILE), 'utf8');
    expect(committed).toBe(renderOpenApi());
  });

  it('covers every operation and path variant, with resolvable references and both security headers', () => {
    const doc = buildOpenApiDocument() as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: {
        schemas: Record<string, unknown>;
        securitySchemes: Record<string, { name: string }>;
        parameters: Record<string, unknown>;
      };
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const op of Object.keys(OPERATIONS) as OperationName[]) {
      for (const p of [OPERATIONS[op].path, ...(PATH_VARIANTS[op] ?? [])]) {
        const item = doc.paths[p];
        expect(item, p).toBeDefined();
        const operation = item?.[OPERATIONS[op].method.toLowerCase()];
        expect(Object.keys(operation?.responses ?? {})).toEqual(
          expect.arrayContaining(['200', '401', '403', '429']),
        );
      }
    }
    expect(
      Object.values(doc.components.securitySchemes)
        .map((s) => s.name)
        .sort(),
    ).toEqual(['x-partner', 'x-security-key']);
    for (const r of refs(doc)) {
      const [, section, name] = /^#\/components\/(schemas|parameters)\/(.+)$/.exec(r) ?? [];
      expect(section && name && doc.components[section as 'schemas' | 'parameters'][name], r).toBeTruthy();
    }
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'HouseSearchResult',
        'BookingModel',
        'ErrorBody',
        'RateLimitError',
        'PreBookingResult',
      ]),
    );
  });
});
