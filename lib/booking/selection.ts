/**
 * The booking selection: what a guest chose for one stay (the house, the nights, the party, a
 * unit, preferences, optional services and the cancellation fund), without any personal data.
 * It has one model, kept here for the browser and the server alike:
 *
 * - the wire types: `FlowSelection` (what the flow's steps choose), `StayCriteria` (the nights
 *   and the party) and `BookingSelection` (both, for one house: what the booking routes accept);
 * - the limits and the id rule every reader of a selection applies;
 * - the zod schema of a selection in a request body, in selection-schema.ts (the browser's
 *   code reads selections from addresses only, and so loads no zod for them);
 * - the optional services' rules, which the server re-checks before it holds a stay;
 * - the URL codec, so every step of the flow is addressable and survives reload and
 *   back/forward. Reading an address never throws: an unreadable piece is dropped.
 *
 *   ?startDate&endDate&adults…&step=services&unit=12&prefs=301,302&svc=201x2,207x1@2026-07-03&cf=1
 */
import { isCalendarDate, type CalendarDate, type StayDates } from './dates';
import { serializeCriteria } from './deep-link';
import type { Party } from './party';
import type { Service } from './types';

export const STEPS = ['preferences', 'services', 'guest', 'overview'] as const;
export type Step = (typeof STEPS)[number];

export const MAX_PREFERENCES = 20;
export const MAX_SERVICES = 30;
/** Most pieces of one per-piece service (baby cots, towel sets) a guest can order. */
export const MAX_PIECES = 20;
/** The partner's ids are 32-bit signed integers. */
export const MAX_ID = 2_147_483_647;

export interface ServicePick {
  id: number;
  quantity: number;
  /** The night of the stay, for services with a date picker. */
  date?: CalendarDate;
}

/** What the flow's steps choose. */
export interface FlowSelection {
  /** A chosen house unit; absent means "any matching unit" (the partner assigns one). */
  unitId?: number;
  preferenceIds: number[];
  services: ServicePick[];
  cancellationFund: boolean;
}

/** The nights and the party the flow was opened with. */
export interface StayCriteria extends StayDates {
  party: Party;
}

/** A whole selection for one house, as the booking routes accept it and the partner prices it. */
export interface BookingSelection extends StayCriteria, FlowSelection {
  houseId: number;
}

const ID_TEXT = /^[1-9]\d{0,9}$/;

/**
 * An id as it appears in an address (a route segment or a query value): plain decimal digits
 * only, so `1e3`, ` 12`, `0x1F`, `-5`, `007` or full-width digits are not ids and never reach
 * the partner. Null for anything else.
 */
export function parseId(text: string | undefined): number | null {
  if (text === undefined || !ID_TEXT.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

/** The selection in one canonical order, so equal choices compare equal. */
export function canonicalSelection(sel: BookingSelection) {
  return {
    houseId: sel.houseId,
    startDate: sel.startDate,
    endDate: sel.endDate,
    party: [
      sel.party.adults,
      sel.party.child0002,
      sel.party.child0304,
      sel.party.child0512,
      sel.party.child1317,
      sel.party.pets,
    ],
    unitId: sel.unitId ?? null,
    preferenceIds: [...new Set(sel.preferenceIds)].sort((a, b) => a - b),
    services: [...sel.services].sort((a, b) => a.id - b.id).map((s) => [s.id, s.quantity, s.date ?? null]),
    cancellationFund: sel.cancellationFund,
  };
}

// ── Optional services ───────────────────────────────────────────────────────────────────────

export const SERVICE_ERRORS = [
  'unknown_service',
  'invalid_quantity',
  'date_outside_stay',
  'date_required',
] as const;
export type ServiceError = (typeof SERVICE_ERRORS)[number];

/** Per-piece services take a quantity; every other cost type is booked once. */
export function isPerPiece(service: Pick<Service, 'costType'>): boolean {
  return service.costType === 'PER_PIECE';
}

/** What is wrong with the picked services, against the services the house offers for the stay. */
export function checkServices(
  picks: readonly ServicePick[],
  offered: readonly Service[],
  stay: StayDates,
): ServiceError[] {
  const errors = new Set<ServiceError>();
  for (const pick of picks) {
    const service = offered.find((s) => s.id === pick.id);
    if (!service) {
      errors.add('unknown_service');
      continue;
    }
    if (!isPerPiece(service) && pick.quantity !== 1) errors.add('invalid_quantity');
    if (service.hasDatePicker) {
      if (pick.date === undefined) errors.add('date_required');
      // A night of the stay: from the arrival day up to the day before departure.
      else if (pick.date < stay.startDate || pick.date >= stay.endDate) errors.add('date_outside_stay');
    } else if (pick.date !== undefined) {
      errors.add('date_outside_stay');
    }
  }
  return [...errors];
}

// ── The URL codec ───────────────────────────────────────────────────────────────────────────

type ParamsInput = URLSearchParams | Readonly<Record<string, string | readonly string[] | undefined>>;

function first(params: ParamsInput, name: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(name) ?? undefined;
  const value = params[name];
  return typeof value === 'string' ? value : value?.[0];
}

const SERVICE_TEXT = /^([1-9]\d{0,9})x([1-9]\d?)(?:@(\d{4}-\d{2}-\d{2}))?$/;

/**
 * One piece of an `svc` list as written (`201x2`, `207x1@2026-07-03`: id x quantity, optionally
 * the night), before any limit is applied; null when the text is not such a piece. The flow's
 * addresses drop or trim what breaks the limits; the price API refuses it (selection-schema.ts).
 */
export function readServicePiece(text: string): ServicePick | null {
  const match = SERVICE_TEXT.exec(text);
  if (!match) return null;
  const pick: ServicePick = { id: Number(match[1]), quantity: Number(match[2]) };
  if (match[3] !== undefined) pick.date = match[3];
  return pick;
}

/** The `svc` list of picked services, each written as readServicePiece reads it. */
export function writeServicePieces(services: readonly ServicePick[]): string {
  return services.map((s) => `${s.id}x${s.quantity}${s.date ? `@${s.date}` : ''}`).join(',');
}

function readId(text: string | undefined): number | undefined {
  return parseId(text?.trim()) ?? undefined;
}

export function parseStep(value: string | readonly string[] | undefined): Step {
  const text = typeof value === 'string' ? value : value?.[0];
  return (STEPS as readonly string[]).includes(text ?? '') ? (text as Step) : 'preferences';
}

export function parseSelection(params: ParamsInput): FlowSelection {
  const unitId = readId(first(params, 'unit'));
  const preferenceIds = [
    ...new Set(
      (first(params, 'prefs') ?? '')
        .split(',')
        .map((part) => readId(part))
        .filter((id): id is number => id !== undefined),
    ),
  ].slice(0, MAX_PREFERENCES);
  const services: ServicePick[] = [];
  for (const part of (first(params, 'svc') ?? '').split(',')) {
    const piece = readServicePiece(part.trim());
    if (!piece || piece.id > MAX_ID || services.some((s) => s.id === piece.id)) continue;
    const pick: ServicePick = { id: piece.id, quantity: Math.min(MAX_PIECES, piece.quantity) };
    if (piece.date !== undefined && isCalendarDate(piece.date)) pick.date = piece.date;
    services.push(pick);
    if (services.length >= MAX_SERVICES) break;
  }
  const selection: FlowSelection = { preferenceIds, services, cancellationFund: first(params, 'cf') === '1' };
  if (unitId !== undefined) selection.unitId = unitId;
  return selection;
}

export function writeSelection(params: URLSearchParams, selection: FlowSelection): URLSearchParams {
  for (const name of ['unit', 'prefs', 'svc', 'cf']) params.delete(name);
  if (selection.unitId !== undefined) params.set('unit', String(selection.unitId));
  if (selection.preferenceIds.length > 0) params.set('prefs', selection.preferenceIds.join(','));
  if (selection.services.length > 0) {
    params.set('svc', writeServicePieces(selection.services));
  }
  if (selection.cancellationFund) params.set('cf', '1');
  return params;
}

function criteriaParams(criteria: StayCriteria): URLSearchParams {
  return serializeCriteria({ startDate: criteria.startDate, endDate: criteria.endDate, ...criteria.party });
}

export function bookingPath(
  locale: string,
  houseId: number,
  criteria: StayCriteria,
  selection: FlowSelection,
  step: Step,
): string {
  const params = criteriaParams(criteria);
  if (step !== 'preferences') params.set('step', step);
  writeSelection(params, selection);
  // Commas stay readable in the address bar; they are safe in a query string.
  return `/${locale}/book/${houseId}?${params.toString().replace(/%2C/g, ',').replace(/%40/g, '@')}`;
}

/** Back to the house page with the same stay and party. */
export function housePath(locale: string, houseId: number, criteria: Partial<StayCriteria>): string {
  const params = serializeCriteria({
    ...(criteria.startDate && criteria.endDate
      ? { startDate: criteria.startDate, endDate: criteria.endDate }
      : {}),
    ...criteria.party,
  });
  const query = params.toString();
  return `/${locale}/houses/${houseId}${query ? `?${query}` : ''}`;
}

export function stepIndex(step: Step): number {
  return STEPS.indexOf(step);
}
