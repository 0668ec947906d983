/**
 * The booking flow's URL: the deep-link criteria, the step and what was chosen, so every step is
 * addressable and survives reload and back/forward. Used by the server page (to read it) and by
 * the client islands (to write it). Parsing never throws: an unreadable piece is dropped.
 *
 *   ?startDate&endDate&adults…&step=services&unit=12&prefs=301,302&svc=201x2,207x1@2026-07-03&cf=1
 */
import { isCalendarDate, type CalendarDate } from '@/lib/booking/dates';
import { serializeCriteria } from '@/lib/booking/deep-link';
import type { Party } from '@/lib/booking/party';

export const STEPS = ['preferences', 'services', 'guest', 'overview'] as const;
export type Step = (typeof STEPS)[number];

export const MAX_PREFERENCES = 20;
export const MAX_SERVICES = 30;
/** Most pieces of one per-piece service (baby cots, towel sets) a guest can order. */
export const MAX_PIECES = 20;

export interface ServicePick {
  id: number;
  quantity: number;
  /** The night of the stay, for services with a date picker. */
  date?: CalendarDate;
}

export interface FlowSelection {
  /** A chosen house unit; absent means "any matching unit" (the partner assigns one). */
  unitId?: number;
  preferenceIds: number[];
  services: ServicePick[];
  cancellationFund: boolean;
}

export interface StayCriteria {
  startDate: CalendarDate;
  endDate: CalendarDate;
  party: Party;
}

export const EMPTY_SELECTION: FlowSelection = { preferenceIds: [], services: [], cancellationFund: false };

type ParamsInput = URLSearchParams | Readonly<Record<string, string | readonly string[] | undefined>>;

function first(params: ParamsInput, name: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(name) ?? undefined;
  const value = params[name];
  return typeof value === 'string' ? value : value?.[0];
}

const ID = /^[1-9]\d{0,9}$/;
const SERVICE = /^([1-9]\d{0,9})x([1-9]\d?)(?:@(\d{4}-\d{2}-\d{2}))?$/;

function readId(text: string | undefined): number | undefined {
  if (text === undefined || !ID.test(text.trim())) return undefined;
  const id = Number(text.trim());
  return id <= 2_147_483_647 ? id : undefined;
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
    const match = SERVICE.exec(part.trim());
    if (!match) continue;
    const id = readId(match[1]);
    const quantity = Math.min(MAX_PIECES, Number(match[2]));
    if (id === undefined || services.some((s) => s.id === id)) continue;
    const pick: ServicePick = { id, quantity };
    if (match[3] !== undefined && isCalendarDate(match[3])) pick.date = match[3];
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
    params.set(
      'svc',
      selection.services.map((s) => `${s.id}x${s.quantity}${s.date ? `@${s.date}` : ''}`).join(','),
    );
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
