import { DEFAULT_PARTY } from '@/lib/booking/party';
import { fromPartnerDate } from '@/lib/partner-api/dates';
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
} from '@/lib/partner-api/schemas';
import { FIELD_RULES } from './field-rules';
import { compareLanguages, languageNotCompared } from './language';
import { describeError, type CheckRun } from './run';
import type { CheckReport } from './types';

/** One check per read operation, each through the site's own client and profile. */

export const READ_ORDER: readonly OperationName[] = [
  'searchHouses',
  'houseDetails',
  'optionalServices',
  'availableHouseUnits',
  'priceSpecifications',
  'usedHouseTypes',
  'parkData',
  'parkActiveHouses',
];

/** A house of the search and the stay its price was given for: what the booking pages ask about. */
export interface CheckedHouse {
  houseId: number;
  stay: { startDate: string; endDate: string };
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A search with the partner's own default stay (no dates), as the home page asks it. */
export async function checkSearch(run: CheckRun): Promise<CheckedHouse | undefined> {
  const search = await run.call('searchHouses', HousesSearchResultSchema, {
    query: toSearchQuery({ ...DEFAULT_PARTY }),
    language: 'NL',
  });
  run.record('searchHouses', search);
  if (run.stopped || !search.ok) return undefined;
  const house = (search.data.houseList ?? []).find((h) => typeof h.houseId === 'number');
  if (!house || house.houseId === undefined || house.houseId === null) {
    run.problems.push('the search found no house, so no house page or booking can be checked');
    return undefined;
  }
  const startDate =
    fromPartnerDate(house.price?.startDate) ?? addDays(new Date(run.now).toISOString().slice(0, 10), 30);
  const endDate = fromPartnerDate(house.price?.endDate) ?? addDays(startDate, 2);
  return { houseId: house.houseId, stay: { startDate, endDate } };
}

/** The house in two languages: the second answer tells whether the header translates. */
export async function checkHouseDetails(
  run: CheckRun,
  house: CheckedHouse,
): Promise<{ details: HouseDetails | undefined; language: CheckReport['language'] }> {
  const ask = (language: 'NL' | 'EN') =>
    run.call('houseDetails', HouseDetailsSchema, {
      pathParams: { houseId: house.houseId },
      query: toStayQuery(house.stay, { ...DEFAULT_PARTY }),
      language,
    });
  const details = await ask('NL');
  run.record('houseDetails', details);
  if (run.stopped || !details.ok) return { details: undefined, language: languageNotCompared() };
  const english = await ask('EN');
  if (!english.ok) {
    run.warnings.push(
      `houseDetails in EN failed, so the language header could not be compared: ${describeError(english.error)}`,
    );
    return { details: details.data, language: languageNotCompared() };
  }
  const language = compareLanguages(details.data, english.data);
  if (language.changesTranslatedFields === false) {
    run.warnings.push(
      'the language header changes no translated text: guests see one language whatever they choose',
    );
  }
  return { details: details.data, language };
}

/** What the booking pages read for the house's stay. */
export async function checkBookingReads(run: CheckRun, house: CheckedHouse): Promise<void> {
  const { houseId, stay } = house;
  const party = { ...DEFAULT_PARTY };
  if (!run.stopped) {
    run.record(
      'optionalServices',
      await run.call('optionalServices', OptionalServicesTolerant, {
        query: { houseId, ...stay },
        language: 'NL',
      }),
    );
  }
  if (!run.stopped) {
    run.record(
      'availableHouseUnits',
      await run.call('availableHouseUnits', AvailableHouseUnitsResultSchema, {
        query: { houseId, ...toStayQuery(stay, party) },
        language: 'NL',
      }),
    );
  }
  if (!run.stopped) {
    // A price quote books nothing: it is the read the booking page shows before the guest's details.
    run.record(
      'priceSpecifications',
      await run.call('priceSpecifications', PreBookingResultSchema, {
        body: toSelectionModel({ houseId, ...stay, party }),
        language: 'NL',
      }),
    );
  }
}

/** The lists around the search. */
export async function checkLists(run: CheckRun): Promise<void> {
  if (!run.stopped) {
    run.record(
      'usedHouseTypes',
      await run.call('usedHouseTypes', UsedHouseTypesResultSchema, { language: 'NL' }),
    );
  }
  if (!run.stopped) {
    run.record('parkData', await run.call('parkData', ParkDataResultSchema, { language: 'NL' }));
  }
  if (!run.stopped) {
    run.record(
      'parkActiveHouses',
      await run.call('parkActiveHouses', ParkActiveHousesResultSchema, { language: 'NL' }),
    );
  }
}

/** Every read operation in the report, in order, with a warning for each field whose loss degrades a feature. */
export function finishReads(run: CheckRun): void {
  for (const op of READ_ORDER) {
    if (!run.reports.some((r) => r.operation === op)) {
      run.skip(
        op,
        run.stopped ? 'not asked: the check stopped' : 'not asked: the search found no house to ask about',
      );
    }
  }
  run.reports.sort((a, b) => READ_ORDER.indexOf(a.operation) - READ_ORDER.indexOf(b.operation));
  for (const report of run.reports) {
    for (const m of report.missing) {
      if (
        !m.sometimes &&
        !m.coveredBy &&
        !FIELD_RULES[report.operation]!.fields.some((f) => f.field === m.field && f.required)
      ) {
        run.warnings.push(`${report.operation}.${m.field} is missing: ${m.feature} is degraded`);
      }
    }
  }
}
