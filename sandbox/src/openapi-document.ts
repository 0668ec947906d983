/**
 * The OpenAPI 3.1 document of the partner API as the sandbox serves it, generated from the zod
 * schemas (the source of truth) with zod's own JSON Schema conversion. `npm run openapi` writes
 * it to openapi/partner-api.openapi.json; a test keeps the committed file in step.
 */
import { z } from 'zod';
import { OPERATIONS, PATH_VARIANTS, type OperationName } from '@/lib/partner-api/operations';
import * as S from '@/lib/partner-api/schemas';

export const OPENAPI_FILE = 'openapi/partner-api.openapi.json';

type Json = Record<string, unknown>;
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** Component schemas from every `.meta({ id })` schema. Input form, so defaults make fields optional and no response forbids extra fields. */
function componentSchemas(): Record<string, Json> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    io: 'input',
    uri: (id) => `#/components/schemas/${id}`,
  });
  const out: Record<string, Json> = {};
  for (const id of Object.keys(schemas).sort()) {
    const { $schema: _s, $id: _i, ...schema } = schemas[id] as Json;
    out[id] = schema;
  }
  return out;
}

function schemaOf(schema: z.ZodType): Json {
  const { $schema: _s, ...json } = z.toJSONSchema(schema, { io: 'input' }) as Json;
  return json;
}

function queryParams(schema: z.ZodObject, required: readonly string[] = []): Json[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const json = schemaOf(field as z.ZodType);
    const { description, ...rest } = json;
    return {
      name,
      in: 'query',
      required: required.includes(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

const PARTY_NOTE = 'Party defaults per missing field: 2 adults, 0 children, 0 pets (animalNr).';
const houseIdParam = (where: 'path' | 'query') => ({
  name: 'houseId',
  in: where,
  required: true,
  schema: { type: 'integer', exclusiveMinimum: 0 },
});

const QUOTE_QUERY: Json[] = [
  {
    name: 'houseId',
    in: 'query',
    required: true,
    description: 'Also accepted as houseID.',
    schema: { type: 'integer', exclusiveMinimum: 0 },
  },
  ...queryParams(S.HouseDetailsQuerySchema, ['startDate', 'endDate']),
  { name: 'unitId', in: 'query', required: false, schema: { type: 'integer', exclusiveMinimum: 0 } },
  {
    name: 'preferences',
    in: 'query',
    required: false,
    description: 'Comma-separated preference ids, e.g. 301,305.',
    schema: { type: 'string' },
  },
  { name: 'cancellationFund', in: 'query', required: false, schema: { type: 'boolean' } },
];

interface OperationDoc {
  summary: string;
  description?: string;
  parameters?: (path: string) => Json[];
  body?: string;
  response: string;
  errors: number[];
}

const DOCS: Record<OperationName, OperationDoc> = {
  searchHouses: {
    summary: 'Search available houses with the price of the stay',
    description: `Without startDate each house is priced for its own first bookable stay from today+4. Without endDate the stay lasts the park's default (at least 2 nights). ${PARTY_NOTE}`,
    parameters: () => queryParams(S.SearchHousesQuerySchema),
    response: 'HousesSearchResult',
    errors: [400],
  },
  houseDetails: {
    summary: 'Details of one house, its availability and services',
    description:
      'Without startDate: availableStartDates (about 6 months) and no end dates. With a valid arrival: availableEndDates; with a valid endDate too: selectedPeriod.',
    parameters: (path) => [
      houseIdParam(path.endsWith('{houseId}') ? 'path' : 'query'),
      ...queryParams(S.HouseDetailsQuerySchema),
    ],
    response: 'HouseSearchResult',
    errors: [400, 404],
  },
  optionalServices: {
    summary: 'Optional services of a house, for a period when both dates are given',
    description:
      'The same fields are also accepted as a JSON body on the GET, as the partner documentation shows.',
    parameters: () => queryParams(S.OptionalServicesQuerySchema, ['houseId']),
    response: 'OptionalServicesResult',
    errors: [400, 404],
  },
  availableHouseUnits: {
    summary: 'Units of a house free for the whole period',
    description: `With pets only units that allow pets. A stay that breaks the park's arrival rules has no units. ${PARTY_NOTE}`,
    parameters: () => queryParams(S.AvailableHouseUnitsQuerySchema, ['houseId']),
    response: 'AvailableHouseUnits',
    errors: [400, 404],
  },
  usedHouseTypes: { summary: 'House types in use', response: 'UsedHouseTypes', errors: [] },
  parkActiveHouses: {
    summary: 'Active houses, of one park or all',
    parameters: () => queryParams(S.ParkQuerySchema),
    response: 'ParkActiveHouses',
    errors: [400, 404],
  },
  parkData: {
    summary: 'Park conditions, virtual tour and facilities',
    parameters: () => queryParams(S.ParkQuerySchema),
    response: 'ParkDataList',
    errors: [400, 404],
  },
  priceSpecifications: {
    summary: 'Price quote for a house, period and selection (no hold)',
    description:
      'Also served as GET with query parameters. The answer is a PreBookingResult without transactionId.',
    body: 'PriceQuoteModel',
    response: 'PreBookingResult',
    errors: [400, 404],
  },
  preRegisterReservation: {
    summary: 'Hold a unit for 30 minutes and price the booking',
    description:
      'Keys bind case-insensitively (houseID/houseId, firstname/firstName). A transactionId of a live hold updates that hold.',
    body: 'BookingModel',
    response: 'PreBookingResult',
    errors: [400, 404, 409, 410],
  },
  finalizeReservation: {
    summary: 'Finalize a held reservation with a payment choice',
    description:
      'Later confirms at once; NowFullAmount and NowPartialPayment answer with paymentUrl. Unknown transaction 404, lapsed hold 410, already finalized 409.',
    body: 'FinalizeBookingModel',
    response: 'PreBookingResult',
    errors: [400, 404, 409, 410],
  },
};

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input; `errors` names the fields',
  401: 'Missing, unknown or expired API key',
  403: 'The key is not issued to this partner',
  404: 'Unknown resource',
  405: 'Method not allowed on this path',
  409: 'Conflict: unit taken or transaction already finalized',
  410: 'The hold has expired',
};

function responses(doc: OperationDoc): Json {
  const json = (id: string) => ({ 'application/json': { schema: ref(id) } });
  const out: Json = { 200: { description: 'OK', content: json(doc.response) } };
  for (const status of [...doc.errors, 401, 403, 405].sort((a, b) => a - b)) {
    out[status] = { description: ERROR_TEXT[status], content: json('ErrorBody') };
  }
  out[429] = {
    description: 'Rate limit exceeded (100 calls per minute per key)',
    headers: {
      'Retry-After': { description: 'Seconds until a call is admitted again', schema: { type: 'string' } },
    },
    content: json('RateLimitError'),
  };
  return out;
}

function operationObject(op: OperationName, method: 'GET' | 'POST', path: string, variant: number): Json {
  const doc = DOCS[op];
  const parameters = [
    { $ref: '#/components/parameters/Language' },
    ...(method === 'GET' && op === 'priceSpecifications' ? QUOTE_QUERY : (doc.parameters?.(path) ?? [])),
  ];
  return {
    operationId: `${op}${method === 'GET' && op === 'priceSpecifications' ? 'Get' : ''}${variant > 0 ? `Variant${variant}` : ''}`,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [op],
    parameters,
    ...(method === 'POST' && doc.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: ref(doc.body) } } } }
      : {}),
    responses: responses(doc),
  };
}

export function buildOpenApiDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const op of Object.keys(OPERATIONS) as OperationName[]) {
    const methods: ('GET' | 'POST')[] =
      op === 'priceSpecifications' ? ['POST', 'GET'] : [OPERATIONS[op].method];
    [OPERATIONS[op].path, ...(PATH_VARIANTS[op] ?? [])].forEach((path, variant) => {
      const item: Json = {};
      for (const method of methods) item[method.toLowerCase()] = operationObject(op, method, path, variant);
      paths[path] = item;
    });
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Holiday-house partner booking API (as served by the sandbox)',
      version: '1.0.0',
      description:
        'Generated from lib/partner-api/schemas.ts. Fields and behaviour the public partner documentation does not show are sandbox assumptions; see sandbox/README.md.',
    },
    servers: [{ url: 'http://127.0.0.1:4010', description: 'Local sandbox' }],
    security: [{ partnerKey: [], partnerId: [] }],
    paths,
    components: {
      securitySchemes: {
        partnerKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-security-key',
          description: 'The API key issued to the partner',
        },
        partnerId: {
          type: 'apiKey',
          in: 'header',
          name: 'x-partner',
          description: 'The partner id the key belongs to',
        },
      },
      parameters: {
        Language: {
          name: 'language',
          in: 'header',
          required: false,
          description: 'Language of names and texts; case-insensitive; default and fallback NL.',
          schema: { type: 'string', enum: [...S.PARTNER_LANGUAGES] },
        },
      },
      schemas: componentSchemas(),
    },
  };
}

/** Stable, pretty-printed, with a final newline. */
export function renderOpenApi(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}
