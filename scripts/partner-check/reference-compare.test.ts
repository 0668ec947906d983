import { describe, expect, it } from 'vitest';
import type { OperationName } from '@/lib/partner-api/operations';
import { createDefaultProfile, OPERATION_FIELDS, OPERATION_NAMES } from '@/lib/partner-api/profile';
import { compareWithReference } from './reference-compare';
import { parseReference, type ReferenceDocument } from './reference-document';

type Json = Record<string, unknown>;

/**
 * A Swagger 2 document of the default profile's operations as another generator would write it:
 * a basePath instead of the full path, `{id}` for the house placeholder, bodies and answers in
 * `definitions` behind `$ref`s.
 */
function swaggerOf(change: (doc: { paths: Json; definitions: Json }) => void = () => {}): ReferenceDocument {
  const profile = createDefaultProfile();
  const paths: Json = {};
  const definitions: Json = {
    ExtraService: { type: 'object', properties: { id: {}, quantity: {}, date: {} } },
    HouseType: { type: 'object', properties: { id: {}, name: {} } },
  };
  for (const op of OPERATION_NAMES) {
    const settings = profile.operations[op];
    const { fields } = OPERATION_FIELDS[op];
    const top = fields.filter((f) => !f.includes('.'));
    const path = settings.path.replace(/^\/bungalow/, '').replace('{houseId}', '{id}');
    const parameters =
      settings.method === 'GET'
        ? top.map((name) => ({ name, in: 'query', type: 'string' }))
        : [{ name: 'model', in: 'body', schema: { $ref: `#/definitions/${op}Model` } }];
    if (settings.method === 'POST') {
      definitions[`${op}Model`] = {
        type: 'object',
        properties: Object.fromEntries(
          top.map((name) => [
            name,
            name === 'extraServices' ? { type: 'array', items: { $ref: '#/definitions/ExtraService' } } : {},
          ]),
        ),
      };
    }
    const response =
      op === 'usedHouseTypes'
        ? { schema: { type: 'array', items: { $ref: '#/definitions/HouseType' } } }
        : {};
    paths[path] = {
      [settings.method.toLowerCase()]: { operationId: op, parameters, responses: { 200: response } },
    };
  }
  const doc = { swagger: '2.0', basePath: '/bungalow', paths, definitions };
  change(doc);
  const parsed = parseReference(doc);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
}

const breaking = (doc: ReferenceDocument, profile = createDefaultProfile()) =>
  compareWithReference(doc, profile, '/').filter((m) => m.breaks);

describe('profile compared with a Swagger 2 reference', () => {
  it('finds no breaking mismatch when paths differ only by basePath and placeholder names', () => {
    const mismatches = compareWithReference(swaggerOf(), createDefaultProfile(), '/');
    expect(mismatches.filter((m) => m.breaks)).toEqual([]);
    // Answers it does not describe are told, never failed on.
    expect(mismatches.find((m) => m.operation === 'searchHouses')?.entry).toBe(
      'operations.searchHouses.response',
    );
  });

  it('names the nested body entry when a field inside each extra service is called differently', () => {
    const doc = swaggerOf((d) => {
      d.definitions.ExtraService = { type: 'object', properties: { serviceId: {}, quantity: {}, date: {} } };
    });
    expect(breaking(doc)).toContainEqual({
      operation: 'preRegisterReservation',
      entry: 'operations.preRegisterReservation.body.extraServices.id',
      message: `the partner's reference names no field in "extraServices" "id"; it has "serviceId"`,
      breaks: true,
    });
  });

  it('tells a method the reference does not serve, and a path it does not have, with the look-alike', () => {
    const profile = createDefaultProfile();
    profile.operations.usedHouseTypes.method = 'POST';
    profile.operations.finalizeReservation.path = '/bungalow/api/v1/booking/finalise';
    const found = breaking(swaggerOf(), profile);
    expect(found).toContainEqual(
      expect.objectContaining({
        entry: 'operations.usedHouseTypes.method',
        message: `the partner's reference serves "/api/v1/booking/usedHouseTypes" with GET, not POST`,
      }),
    );
    expect(found).toContainEqual(
      expect.objectContaining({
        entry: 'operations.finalizeReservation.path',
        message: `the partner's reference has no path "/bungalow/api/v1/booking/finalise"; it has POST "/api/v1/booking/finalizeReservation"`,
      }),
    );
  });

  it('reads answer fields through the profile aliases, and names those it cannot find', () => {
    const renamed = swaggerOf((d) => {
      d.definitions.HouseType = { type: 'object', properties: { typeId: {}, name: {} } };
    });
    const without = compareWithReference(renamed, createDefaultProfile(), '/');
    expect(without.find((m) => m.entry === 'operations.usedHouseTypes.response')?.message).toContain(
      'describes no answer field id ',
    );
    const profile = createDefaultProfile();
    profile.operations.usedHouseTypes.response = { typeId: 'id' };
    const withAlias = compareWithReference(renamed, profile, '/');
    expect(withAlias.some((m) => m.entry === 'operations.usedHouseTypes.response')).toBe(false);
  });

  it('warns, without failing, on a search filter name that only a feature outside the booking needs', () => {
    const doc = swaggerOf((d) => {
      const search = (d.paths['/api/v1/booking/searchHouses'] as { get: { parameters: Json[] } }).get;
      search.parameters = search.parameters.filter((p) => p.name !== 'houseTypeId');
    });
    const mismatch = compareWithReference(doc, createDefaultProfile(), '/').find(
      (m) => m.entry === 'operations.searchHouses.query.houseTypeId',
    );
    expect(mismatch).toMatchObject({ breaks: false });
  });

  it('asks for required parameters the site never sends', () => {
    const doc = swaggerOf((d) => {
      const units = (d.paths['/api/v1/booking/availableHouseUnits'] as { get: { parameters: Json[] } }).get;
      units.parameters.push({ name: 'channel', in: 'query', required: true, type: 'string' });
    });
    expect(breaking(doc)).toContainEqual(
      expect.objectContaining({
        entry: 'operations.availableHouseUnits.query',
        message: `the partner's reference requires query parameters the site does not send: "channel"`,
      }),
    );
  });

  it('follows a $ref that loops once instead of forever', () => {
    const doc = swaggerOf((d) => {
      d.definitions.finalizeReservationModel = {
        allOf: [{ $ref: '#/definitions/finalizeReservationModel' }],
        properties: { transactionId: {}, paymentType: {}, thankYouPageUrl: {} },
      };
    });
    expect(breaking(doc).filter((m) => (m.operation as OperationName) === 'finalizeReservation')).toEqual([]);
  });

  it('refuses a document without paths', () => {
    expect(parseReference({ openapi: '3.1.0' })).toEqual({
      error: 'is JSON but not an OpenAPI or Swagger document (it has no "paths")',
    });
  });
});
