import type { OperationName } from '@/lib/partner-api/operations';
import type { PartnerLanguage } from '@/lib/partner-api/schemas';

/** The report of `npm run partner:check`, as `--json` prints it. */

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

export type WriteOperation = 'preRegisterReservation' | 'finalizeReservation';

/**
 * One request a write operation must refuse. `refused`: the partner refused the input, so the
 * profile's method and path reach the operation. `wrong-path` / `wrong-method`: they do not.
 * `accepted`: the partner took a request it must refuse. `key-refused`: the key may not write.
 * `inconclusive`: the answer proves neither (busy, unreachable, rate limited).
 */
export type ProbeOutcome =
  'refused' | 'wrong-path' | 'wrong-method' | 'accepted' | 'key-refused' | 'inconclusive' | 'skipped';

export interface WriteProbeReport {
  operation: WriteOperation;
  method: string;
  /** The path the request went to (the profile's path under the partner's base URL). */
  path: string;
  outcome: ProbeOutcome;
  /** The partner's HTTP status, when it answered. */
  status?: number;
  /** What was sent and what came back, in words; never a value of the request. */
  detail: string;
}

export interface ReferenceMismatch {
  operation: OperationName;
  /** The profile entry to change, e.g. `operations.searchHouses.query.startDate`. */
  entry: string;
  message: string;
  /** A feature (or the booking) does not work with it: the check fails. */
  breaks: boolean;
}

export interface ReferenceReport {
  /** `not-configured`: PARTNER_SWAGGER_USER is not set; `skipped`: the check stopped before. */
  status: 'not-configured' | 'skipped' | 'unreadable' | 'compared';
  url?: string;
  user?: string;
  /** The document's `openapi` or `swagger` version. */
  version?: string;
  /** Operations of the profile compared with it. */
  operations: number;
  mismatches: ReferenceMismatch[];
}

export interface PetFreeMatch {
  name: string | null;
  keyword: string;
  /** The petFreeKeywords entry it matches. */
  entry: string;
}

export interface PetFreeReport {
  /** False when there was no house page to read preferences from. */
  checked: boolean;
  houseId?: number;
  /** The profile's petFreeKeywords. */
  keywords: string[];
  /** The house's preferences a profile keyword marks pet-free. */
  matches: PetFreeMatch[];
  /** Preferences only the site's built-in keyword marks pet-free. */
  builtIn: { name: string | null; keyword: string }[];
  /** Every preference of the house, as the partner names it. */
  seen: { name: string | null; keyword: string | null }[];
  /** Why the house's list cannot tell (no preferences, no pets). */
  note?: string;
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
  writeProbes: WriteProbeReport[];
  writeOnly: { operation: OperationName; field: string; feature: string; checked: false }[];
  petFree: PetFreeReport;
  reference: ReferenceReport;
  calls: { total: number; budget: number; byOperation: Partial<Record<OperationName, number>> };
  /** Why the site cannot serve guests; empty when it can. */
  problems: string[];
  warnings: string[];
}
