/**
 * `npm run partner:check`: does the configured partner API fit this site, before guests arrive?
 *
 * Against the partner named by PARTNER_API_URL (with its key and partner id), or, without it, the
 * sandbox at SANDBOX_URL, or else a sandbox this check starts itself on a free loopback port
 * (SANDBOX_FIELDS=seed|full picks its fields), it makes a few read-only calls (at most
 * CALL_BUDGET, never a pre-registration or a finalize) through the site's own client and partner
 * profile, without the governor's cache. It reports per operation whether the partner answered,
 * whether the answer fits the schemas, which optional fields it carried or left out and which site
 * feature each missing field degrades; whether the `language` header changes the translated
 * texts; whether the key is accepted and how many days it has left.
 *
 * Exit code 0: the site can serve guests (warnings may remain). 1: it cannot (key refused,
 * partner unreachable, an answer the booking needs that does not fit). 2: the configuration
 * itself is invalid. `--json` prints the report as JSON instead of text.
 */
import path from 'node:path';
import type { z } from 'zod';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import { partnerFetch, type PartnerRequest } from '@/lib/partner-api/client';
import { parsePartnerConfig, type PartnerConfig } from '@/lib/partner-api/config';
import { fromPartnerDate } from '@/lib/partner-api/dates';
import { isPartnerError } from '@/lib/partner-api/errors';
import { daysUntil, KEY_EXPIRY_WARNING_DAYS } from '@/lib/partner-api/key-expiry';
import type { OperationName } from '@/lib/partner-api/operations';
import { toSearchQuery, toSelectionModel, toStayQuery } from '@/lib/partner-api/query';
import { OptionalServicesTolerant } from '@/lib/partner-api/raw';
import {
  AvailableHouseUnitsResultSchema,
  HouseDetailsSchema,
  HousesSearchResultSchema,
  ParkActiveHousesResultSchema,
  ParkDataResultSchema,
  PreBookingResultSchema,
  UsedHouseTypesResultSchema,
  type HouseDetails,
  type PartnerLanguage,
} from '@/lib/partner-api/schemas';
import { startSandbox, type SandboxHandle } from '@/sandbox/src/server';
import { fieldModeFromEnv } from '@/sandbox/src/response-fields';

/** Far below the partner's 100 calls a minute, so a check never costs the live site its quota. */
export const CALL_BUDGET = 20;

interface FieldRule {
  /**
   * Dotted path in the parsed answer; lists are stepped through (present when any item has it).
   * `a|b` names one field the partner may send under either name.
   */
  field: string;
  /** What the site loses without it. */
  feature: string;
  /** Without it no guest can book: the check fails. */
  required?: boolean;
  /** Sent only in some situations, so one answer without it proves nothing: listed, not warned about. */
  sometimes?: boolean;
  /** Another field the site reads the same fact from; when that one is present nothing is lost. */
  coveredBy?: string;
}

interface OperationRules {
  /** Without a usable answer no guest can book (the booking pages read it). */
  essential: boolean;
  /** What the site loses when the whole operation fails. */
  feature: string;
  fields: readonly FieldRule[];
}

/** The fields the site reads, per operation, and the feature each one carries. */
export const FIELD_RULES: Readonly<Partial<Record<OperationName, OperationRules>>> = {
  searchHouses: {
    essential: true,
    feature: 'search',
    fields: [
      { field: 'houseList', feature: 'search results', required: true },
      { field: 'houseList.houseId', feature: 'links from the results to a house', required: true },
      { field: 'houseList.price', feature: 'prices in the search results' },
      { field: 'houseList.mainPicture', feature: 'result pictures' },
      { field: 'houseList.nrPersons', feature: 'capacity in the results' },
      { field: 'houseList.parkId', feature: 'park box and park filter' },
      { field: 'houseList.houseTypeId', feature: 'house-type filter' },
    ],
  },
  houseDetails: {
    essential: true,
    feature: 'house page and booking',
    fields: [
      {
        field: 'selectedPeriod',
        feature: 'rent for the stay (without it every stay is "not available")',
        required: true,
      },
      { field: 'preferences', feature: 'preferences step' },
      { field: 'mandatoryServices', feature: 'mandatory costs in the overview' },
      { field: 'availableStartDates', feature: 'arrival calendar' },
      { field: 'availableEndDates', feature: 'departure calendar' },
      { field: 'pictures', feature: 'house pictures' },
      { field: 'features', feature: 'feature list' },
      { field: 'descriptionInterior', feature: 'house description' },
      { field: 'parkId', feature: 'park box' },
      { field: 'houseTypeId', feature: 'house type on the house page' },
    ],
  },
  optionalServices: {
    essential: true,
    feature: 'extras step',
    fields: [
      { field: 'id', feature: 'choosing an extra' },
      { field: 'serviceName', feature: 'names of extras' },
      { field: 'cost', feature: 'prices of extras' },
      { field: 'costType', feature: 'how an extra is priced (per stay, night, person, piece)' },
      { field: 'hasDatePicker', feature: 'a date per extra' },
    ],
  },
  availableHouseUnits: {
    essential: true,
    feature: 'unit choice and preference check',
    fields: [
      { field: 'unitId', feature: 'choice of a unit' },
      { field: 'unitNumber', feature: 'unit number shown to the guest' },
      { field: 'preferenceIds', feature: 'preference filter per unit' },
      { field: 'allowPets', feature: 'pets per unit', coveredBy: 'nrPets|numberOfPets' },
      { field: 'nrPets|numberOfPets', feature: 'pets per unit' },
    ],
  },
  priceSpecifications: {
    essential: false,
    feature: 'price preview before the guest details',
    fields: [
      { field: 'priceSpecifications', feature: 'cost lines in the price preview' },
      { field: 'fullPayAmount', feature: 'amount to pay in full' },
      { field: 'firstPayAmount', feature: 'first instalment of a partial payment', sometimes: true },
      { field: 'cancellationFundPossible', feature: 'cancellation fund choice' },
    ],
  },
  usedHouseTypes: {
    essential: false,
    feature: 'house-type filter',
    fields: [
      { field: 'id', feature: 'house-type filter' },
      { field: 'name', feature: 'house-type names' },
    ],
  },
  parkData: {
    essential: false,
    feature: 'park box and park list',
    fields: [
      { field: 'id', feature: 'park box (linking a house to its park)' },
      { field: 'name', feature: 'park names' },
      { field: 'parkConditions', feature: 'park conditions' },
      { field: 'facilities', feature: 'park facilities' },
    ],
  },
  parkActiveHouses: {
    essential: false,
    feature: 'refusing unknown house ids without a partner call, sitemap',
    fields: [
      { field: 'id', feature: 'refusing unknown house ids without a partner call, sitemap' },
      { field: 'parkId', feature: 'park box (house to park link)' },
    ],
  },
};

/** Fields only a booking write returns: a read-only check cannot see them. */
export const WRITE_ONLY_FIELDS: readonly { operation: OperationName; field: string; feature: string }[] = [
  {
    operation: 'preRegisterReservation',
    field: 'transactionId',
    feature: 'holding a stay (the booking itself)',
  },
  { operation: 'preRegisterReservation', field: 'holdExpiresAt', feature: 'hold countdown' },
  { operation: 'preRegisterReservation', field: 'houseUnits', feature: 'held unit number' },
  { operation: 'finalizeReservation', field: 'transactionId', feature: 'reservation code after finalize' },
  { operation: 'finalizeReservation', field: 'paymentUrl', feature: 'pay now link' },
  {
    operation: 'finalizeReservation',
    field: 'reservationStatus',
    feature: 'booking status on the thank-you page',
  },
];

export interface MissingField {
  field: string;
  feature: string;
  /** The partner sends it only in some situations (see FieldRule). */
  sometimes?: true;
  /** The field present in its place, so the feature is not degraded. */
  coveredBy?: string;
}

export interface OperationReport {
  operation: OperationName;
  essential: boolean;
  /** Not asked (nothing to ask it about, or the check stopped before it). */
  skipped?: string;
  reachable: boolean;
  /** Null when there was no answer to check. */
  shapeValid: boolean | null;
  error?: string;
  /** Items in a list answer (a list with none cannot show which fields its items carry). */
  items?: number;
  present: string[];
  missing: MissingField[];
}

export interface CheckReport {
  ok: boolean;
  target: { mode: 'sandbox' | 'partner'; url: string; sandboxStarted: boolean; fields?: string };
  key: { accepted: boolean | null; expires: string | null; daysLeft: number | null };
  language: {
    operation: 'houseDetails';
    languages: [PartnerLanguage, PartnerLanguage];
    /** Null when it could not be compared. */
    changesTranslatedFields: boolean | null;
    differing: number;
    compared: number;
  };
  operations: OperationReport[];
  writeOnly: { operation: OperationName; field: string; feature: string; checked: false }[];
  calls: { total: number; budget: number; byOperation: Partial<Record<OperationName, number>> };
  /** Why the site cannot serve guests; empty when it can. */
  problems: string[];
  warnings: string[];
}

// ------------------------------------------------------------------ reading answers

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The values at a dotted path, lists stepped through; null and missing values are left out. */
function valuesAt(value: unknown, fieldPath: string): unknown[] {
  if (fieldPath.includes('|'))
    return fieldPath.split('|').flatMap((alternative) => valuesAt(value, alternative));
  let current: unknown[] = [value];
  for (const segment of fieldPath.split('.')) {
    current = current
      .flatMap((item) => (Array.isArray(item) ? item : [item]))
      .filter(isRecord)
      .map((item) => item[segment])
      .filter((item) => item !== undefined && item !== null);
  }
  return current;
}

/** Items that field presence is judged on: the answer's list (or the list the first field sits in). */
function itemCount(answer: unknown, rules: OperationRules): number | undefined {
  if (Array.isArray(answer)) return answer.length;
  const first = rules.fields[0]?.field ?? '';
  if (first.includes('.')) return valuesAt(answer, first.split('.')[0]!).flat().length;
  return undefined;
}

/** The texts the `language` header should translate on a house page, in a stable order. */
function translatedTexts(house: HouseDetails): string[] {
  const facts = [house.nrPersons, house.bedrooms, house.bathrooms, house.numberOfBeds, house.numberOfPets];
  const services = [...(house.preferences ?? []), ...(house.mandatoryServices ?? [])];
  return [
    house.name,
    house.descriptionInterior,
    house.descriptionLocation,
    house.descriptionSurroundings,
    house.descriptionParkConditions,
    house.surface?.name,
    house.parkingLot?.name,
    ...facts.map((fact) => fact?.name),
    ...services.map((service) => service.serviceName),
    ...(house.features ?? []).map((feature) => feature.featureName),
  ].map((text) => (typeof text === 'string' ? text.trim() : ''));
}

// ------------------------------------------------------------------ the check

type Outcome<T> = { ok: true; data: T } | { ok: false; error: unknown };

function describeError(err: unknown): string {
  if (isPartnerError(err)) {
    const status = err.upstreamStatus ? ` (HTTP ${err.upstreamStatus})` : '';
    const fields = err.fields?.length ? `; fields: ${err.fields.join(', ')}` : '';
    return `${err.message}${status}${fields}`;
  }
  return err instanceof Error ? err.message : String(err);
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface CheckOptions {
  /** The environment to read the partner configuration from (process.env for the CLI). */
  env: Record<string, string | undefined>;
  now?: number;
}

/** Runs the check; never throws for a partner problem (that is in the report). */
export async function runPartnerCheck(options: CheckOptions): Promise<CheckReport> {
  const env = options.env;
  const now = options.now ?? Date.now();
  let sandbox: SandboxHandle | undefined;
  let fields: string | undefined;
  let config: PartnerConfig;
  if (!env.PARTNER_API_URL && !env.SANDBOX_URL) {
    const mode = fieldModeFromEnv(env.SANDBOX_FIELDS);
    fields = mode;
    sandbox = await startSandbox({ port: 0, fields: mode });
    config = parsePartnerConfig({ ...env, SANDBOX_URL: sandbox.url });
  } else {
    config = parsePartnerConfig(env);
  }
  try {
    return await checkPartner(config, now, { sandboxStarted: sandbox !== undefined, fields });
  } finally {
    await sandbox?.close();
  }
}

async function checkPartner(
  config: PartnerConfig,
  now: number,
  target: { sandboxStarted: boolean; fields: string | undefined },
): Promise<CheckReport> {
  const byOperation: Partial<Record<OperationName, number>> = {};
  let total = 0;
  const problems: string[] = [];
  const warnings: string[] = [];
  const reports: OperationReport[] = [];

  /** The site's own client and profile, one counted call each, never beyond the budget. */
  async function call<S extends z.ZodType>(
    op: OperationName,
    schema: S,
    req: PartnerRequest,
  ): Promise<Outcome<z.output<S>>> {
    if (total >= CALL_BUDGET) return { ok: false, error: new Error('call budget spent') };
    total += 1;
    byOperation[op] = (byOperation[op] ?? 0) + 1;
    try {
      return { ok: true, data: await partnerFetch(op, schema, req, config) };
    } catch (error) {
      return { ok: false, error };
    }
  }

  let stopped: string | undefined;

  /** Records one operation's answer; a refused key or an unreachable partner stops the check. */
  function record(op: OperationName, outcome: Outcome<unknown>): void {
    const rules = FIELD_RULES[op]!;
    if (!outcome.ok) {
      const err = outcome.error;
      const reachable = isPartnerError(err) && err.upstreamStatus !== undefined;
      const shapeValid =
        isPartnerError(err) && err.code === 'bad_gateway' && /shape/.test(err.message) ? false : null;
      reports.push({
        operation: op,
        essential: rules.essential,
        reachable,
        shapeValid,
        error: describeError(err),
        present: [],
        missing: [],
      });
      if (isPartnerError(err) && (err.code === 'unauthorized' || err.code === 'forbidden')) {
        stopped = `the partner refused the key on ${op} (HTTP ${err.upstreamStatus}): ${err.code === 'unauthorized' ? 'the key is invalid or expired' : 'the key is not issued to this partner id'}`;
        problems.push(stopped);
      } else if (!reachable) {
        stopped = `the partner is unreachable at ${config.baseUrl.origin}: ${describeError(err)}`;
        problems.push(stopped);
      } else if (rules.essential) {
        problems.push(`${op} failed, so guests cannot use the ${rules.feature}: ${describeError(err)}`);
      } else {
        warnings.push(`${op} failed, so the site goes without the ${rules.feature}: ${describeError(err)}`);
      }
      return;
    }
    const items = itemCount(outcome.data, rules);
    const present: string[] = [];
    const missing: MissingField[] = [];
    for (const rule of rules.fields) {
      if (valuesAt(outcome.data, rule.field).length > 0) present.push(rule.field);
      else {
        const covered =
          rule.coveredBy && valuesAt(outcome.data, rule.coveredBy).length > 0 ? rule.coveredBy : undefined;
        missing.push({
          field: rule.field,
          feature: rule.feature,
          ...(rule.sometimes ? { sometimes: true as const } : {}),
          ...(covered ? { coveredBy: covered } : {}),
        });
      }
    }
    const report: OperationReport = {
      operation: op,
      essential: rules.essential,
      reachable: true,
      shapeValid: true,
      present,
      missing: items === 0 ? [] : missing,
    };
    if (items !== undefined) report.items = items;
    reports.push(report);
    if (items === 0) return;
    for (const rule of rules.fields) {
      if (rule.required && missing.some((m) => m.field === rule.field)) {
        problems.push(`${op} answers without ${rule.field}: ${rule.feature}`);
      }
    }
  }

  function skip(op: OperationName, reason: string): void {
    const rules = FIELD_RULES[op]!;
    reports.push({
      operation: op,
      essential: rules.essential,
      skipped: reason,
      reachable: false,
      shapeValid: null,
      present: [],
      missing: [],
    });
  }

  const order: OperationName[] = [
    'searchHouses',
    'houseDetails',
    'optionalServices',
    'availableHouseUnits',
    'priceSpecifications',
    'usedHouseTypes',
    'parkData',
    'parkActiveHouses',
  ];
  const language: CheckReport['language'] = {
    operation: 'houseDetails',
    languages: ['NL', 'EN'],
    changesTranslatedFields: null,
    differing: 0,
    compared: 0,
  };

  // 1. A search with the partner's own default stay (no dates), as the home page asks it.
  const search = await call('searchHouses', HousesSearchResultSchema, {
    query: toSearchQuery({ ...DEFAULT_PARTY }),
    language: 'NL',
  });
  record('searchHouses', search);

  const house = search.ok
    ? (search.data.houseList ?? []).find((h) => typeof h.houseId === 'number')
    : undefined;
  if (!stopped && search.ok && !house)
    problems.push('the search found no house, so no house page or booking can be checked');

  if (!stopped && house?.houseId !== undefined && house.houseId !== null) {
    const houseId = house.houseId;
    const startDate =
      fromPartnerDate(house.price?.startDate) ?? addDays(new Date(now).toISOString().slice(0, 10), 30);
    const endDate = fromPartnerDate(house.price?.endDate) ?? addDays(startDate, 2);
    const stay = { startDate, endDate };
    const party = { ...DEFAULT_PARTY };

    // 2. The house in two languages: the second answer tells whether the header translates.
    const details = await call('houseDetails', HouseDetailsSchema, {
      pathParams: { houseId },
      query: toStayQuery(stay, party),
      language: 'NL',
    });
    record('houseDetails', details);
    if (!stopped && details.ok) {
      const english = await call('houseDetails', HouseDetailsSchema, {
        pathParams: { houseId },
        query: toStayQuery(stay, party),
        language: 'EN',
      });
      if (english.ok) {
        const nl = translatedTexts(details.data);
        const en = translatedTexts(english.data);
        const pairs = nl
          .map((text, i) => [text, en[i] ?? ''] as const)
          .filter(([a, b]) => a !== '' || b !== '');
        language.compared = pairs.length;
        language.differing = pairs.filter(([a, b]) => a !== b).length;
        language.changesTranslatedFields = pairs.length === 0 ? null : language.differing > 0;
        if (language.changesTranslatedFields === false) {
          warnings.push(
            'the language header changes no translated text: guests see one language whatever they choose',
          );
        }
      } else {
        warnings.push(
          `houseDetails in EN failed, so the language header could not be compared: ${describeError(english.error)}`,
        );
      }
    }

    // 3. What the booking pages read for that stay.
    if (!stopped) {
      record(
        'optionalServices',
        await call('optionalServices', OptionalServicesTolerant, {
          query: { houseId, ...stay },
          language: 'NL',
        }),
      );
    }
    if (!stopped) {
      record(
        'availableHouseUnits',
        await call('availableHouseUnits', AvailableHouseUnitsResultSchema, {
          query: { houseId, ...toStayQuery(stay, party) },
          language: 'NL',
        }),
      );
    }
    if (!stopped) {
      // A price quote books nothing: it is the read the booking page shows before the guest's details.
      record(
        'priceSpecifications',
        await call('priceSpecifications', PreBookingResultSchema, {
          body: toSelectionModel({ houseId, ...stay, party }),
          language: 'NL',
        }),
      );
    }
  }

  // 4. The lists around the search.
  if (!stopped)
    record('usedHouseTypes', await call('usedHouseTypes', UsedHouseTypesResultSchema, { language: 'NL' }));
  if (!stopped) record('parkData', await call('parkData', ParkDataResultSchema, { language: 'NL' }));
  if (!stopped) {
    record(
      'parkActiveHouses',
      await call('parkActiveHouses', ParkActiveHousesResultSchema, { language: 'NL' }),
    );
  }

  for (const op of order) {
    if (!reports.some((r) => r.operation === op)) {
      skip(
        op,
        stopped ? 'not asked: the check stopped' : 'not asked: the search found no house to ask about',
      );
    }
  }
  reports.sort((a, b) => order.indexOf(a.operation) - order.indexOf(b.operation));

  for (const report of reports) {
    for (const m of report.missing) {
      if (
        !m.sometimes &&
        !m.coveredBy &&
        !FIELD_RULES[report.operation]!.fields.some((f) => f.field === m.field && f.required)
      ) {
        warnings.push(`${report.operation}.${m.field} is missing: ${m.feature} is degraded`);
      }
    }
  }

  const anyAnswer = reports.some((r) => r.shapeValid !== null || (r.reachable && r.error === undefined));
  const key: CheckReport['key'] = {
    accepted: stopped?.startsWith('the partner refused the key') ? false : anyAnswer ? true : null,
    expires: config.keyExpires ?? null,
    daysLeft: config.keyExpires ? daysUntil(config.keyExpires, now) : null,
  };
  if (key.daysLeft !== null) {
    if (key.daysLeft < 0 && key.accepted) {
      warnings.push(
        `the key's configured expiry date ${key.expires} has passed, yet the partner accepts the key: update the date`,
      );
    } else if (key.daysLeft < 0) {
      problems.push(`the key expired on ${key.expires}`);
    } else if (key.daysLeft <= KEY_EXPIRY_WARNING_DAYS) {
      warnings.push(
        `the key expires in ${key.daysLeft} days (${key.expires}): ask the operator for an extension`,
      );
    }
  }

  return {
    ok: problems.length === 0,
    target: {
      mode: config.mode,
      url: config.baseUrl.href,
      sandboxStarted: target.sandboxStarted,
      ...(target.fields ? { fields: target.fields } : {}),
    },
    key,
    language,
    operations: reports,
    writeOnly: WRITE_ONLY_FIELDS.map((f) => ({ ...f, checked: false as const })),
    calls: { total, budget: CALL_BUDGET, byOperation },
    problems,
    warnings,
  };
}

// ------------------------------------------------------------------ output

function pad(text: string, width: number): string {
  return text.length >= width ? `${text} ` : text + ' '.repeat(width - text.length);
}

/** The report for a person reading a terminal. */
export function formatReport(report: CheckReport): string {
  const lines: string[] = [];
  const where = report.target.sandboxStarted
    ? `a sandbox started for this check, ${report.target.fields ?? 'full'} fields`
    : report.target.mode === 'sandbox'
      ? 'the sandbox'
      : 'the partner';
  lines.push(`Partner check: ${report.target.url} (${where})`);
  const expiry =
    report.key.daysLeft === null
      ? 'expiry date not configured'
      : `expires ${report.key.expires} (${report.key.daysLeft} days left)`;
  const accepted = report.key.accepted === null ? 'not known' : report.key.accepted ? 'accepted' : 'REFUSED';
  lines.push(`Key: ${accepted}; ${expiry}`);
  lines.push('');
  lines.push(`${pad('operation', 22)}${pad('reachable', 11)}${pad('shape', 9)}fields`);
  for (const op of report.operations) {
    const reachable = op.skipped ? '-' : op.reachable ? 'yes' : 'NO';
    const shape = op.shapeValid === null ? '-' : op.shapeValid ? 'valid' : 'INVALID';
    let detail: string;
    if (op.skipped) detail = op.skipped;
    else if (op.error) detail = op.error;
    else if (op.items === 0) detail = 'empty list: its fields cannot be checked';
    else if (op.missing.length === 0) detail = `all ${op.present.length} read fields present`;
    else {
      detail = `missing ${op.missing
        .map((m) => {
          const note = m.sometimes
            ? '; sent only in some cases'
            : m.coveredBy
              ? `; read from ${m.coveredBy}`
              : '';
          return `${m.field} (${m.feature}${note})`;
        })
        .join(', ')}`;
    }
    lines.push(`${pad(op.operation, 22)}${pad(reachable, 11)}${pad(shape, 9)}${detail}`);
  }
  lines.push('');
  const lang = report.language;
  lines.push(
    `Language header: ${
      lang.changesTranslatedFields === null
        ? 'not compared'
        : lang.changesTranslatedFields
          ? `changes translated texts (${lang.operation} ${lang.languages.join(' vs ')}: ${lang.differing} of ${lang.compared} differ)`
          : `changes no translated text (${lang.operation} ${lang.languages.join(' vs ')}: 0 of ${lang.compared} differ)`
    }`,
  );
  lines.push(
    `Not checked (only a booking returns them): ${report.writeOnly
      .map((f) => `${f.operation}.${f.field} (${f.feature})`)
      .join(', ')}`,
  );
  const perOp = Object.entries(report.calls.byOperation)
    .map(([op, n]) => `${op} ${n}`)
    .join(', ');
  lines.push(
    `Partner calls: ${report.calls.total} of at most ${report.calls.budget} (${perOp}); no booking write`,
  );
  lines.push('');
  for (const warning of report.warnings) lines.push(`warning: ${warning}`);
  for (const problem of report.problems) lines.push(`PROBLEM: ${problem}`);
  lines.push(
    report.ok
      ? `Result: the site can serve guests${
          report.warnings.length
            ? ` (${report.warnings.length} warning${report.warnings.length === 1 ? '' : 's'})`
            : ''
        }.`
      : 'Result: the site cannot serve guests with this partner configuration.',
  );
  return lines.join('\n');
}

export async function main(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): Promise<number> {
  const json = argv.includes('--json');
  let report: CheckReport;
  try {
    report = await runPartnerCheck({ env });
  } catch (err) {
    // An invalid configuration or profile: its message lists each problem on its own line.
    const message = err instanceof Error ? err.message : String(err);
    if (json) console.log(JSON.stringify({ ok: false, configurationError: message.split('\n') }, null, 2));
    else console.error(`partner check: ${message}`);
    return 2;
  }
  console.log(json ? JSON.stringify(report, null, 2) : formatReport(report));
  return report.ok ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === __filename) {
  main(process.argv.slice(2), process.env).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error('partner check failed:', err);
      process.exit(2);
    },
  );
}
