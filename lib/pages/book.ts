import 'server-only';
import { countNights, type CalendarDate } from '@/lib/booking/dates';
import { getParty } from '@/lib/booking/deep-link';
import { countPersons, type Party } from '@/lib/booking/party';
import { getPriceQuote } from '@/lib/partner-api';
import { getGateway } from '@/lib/partner-api/gateway';
import type { BookingSession } from '@/lib/session/booking-session';
import type { OverviewState, QuoteState } from '@/components/booking/flow/overview-types';
import type { FlowSelection, Step } from '@/components/booking/flow/selection-params';
import { readHeld, transactionDigest, type HeldSummary } from './booking-records';
import { finalizeState } from './finalize-records';
import { recheckSelection, type RecheckError } from './recheck';
import { selectionKey, toStaySelection, type BookingSelection } from './selection';
import { loadStayData, rentOf, type StayData } from './stay-data';

/**
 * What the booking page renders for one URL: the stay's data, the selection as far as it is
 * still possible, whether the steps after the first may be shown, and on the overview the state
 * of this session's hold.
 */

export interface BookingPageData {
  stay: StayData;
  rent: number | null;
  nights: number;
  persons: number;
  /** The URL's selection without ids the house or the period no longer offers. */
  selection: FlowSelection;
  errors: RecheckError[];
  overview: OverviewState | null;
  quote: QuoteState | null;
}

export interface BookingPageInput {
  houseId: number;
  startDate: CalendarDate;
  endDate: CalendarDate;
  party: Party;
  step: Step;
  selection: FlowSelection;
  locale: string;
  session: BookingSession | null;
}

/** Drops what the house does not offer any more, so the page never shows a dead choice. */
function sanitize(sel: FlowSelection, stay: StayData): FlowSelection {
  const prefIds = new Set(stay.house.preferences.map((p) => p.id));
  const serviceIds = new Set(stay.services.map((s) => s.id));
  const out: FlowSelection = {
    preferenceIds: sel.preferenceIds.filter((id) => prefIds.has(id)),
    services: sel.services.filter((s) => serviceIds.has(s.id)),
    cancellationFund: sel.cancellationFund,
  };
  if (sel.unitId !== undefined && stay.units.some((u) => u.id === sel.unitId)) out.unitId = sel.unitId;
  return out;
}

async function overviewState(
  session: BookingSession | null,
  held: HeldSummary | null,
  sel: BookingSelection,
): Promise<OverviewState> {
  if (!session || session.houseId !== sel.houseId) return { kind: 'needs_hold', hadHold: false };
  const state = await finalizeState(getGateway().store, {
    sid: session.sid,
    transactionId: session.transactionId,
  });
  if (state === 'done' || session.stage === 'finalized') return { kind: 'finalized' };
  if (state === 'unknown' || state === 'in_flight') return { kind: 'checking' };
  const usable = held && held.txn === transactionDigest(session.transactionId) ? held : null;
  if (!usable || usable.selectionKey !== selectionKey(sel))
    return { kind: 'needs_hold', hadHold: usable !== null };
  return {
    kind: 'held',
    holdExpiresAt: usable.holdExpiresAt,
    unitNumber: usable.unit?.number ?? null,
    price: usable.price,
    terms: usable.terms,
  };
}

async function quoteFor(sel: BookingSelection, locale: string): Promise<QuoteState | null> {
  try {
    const quote = await getPriceQuote(toStaySelection(sel), locale);
    return { price: quote.data.priceOverview, stale: quote.stale };
  } catch {
    // The quote only previews; the overview shows the partner's price from pre-register.
    return null;
  }
}

export async function loadBookingPage(input: BookingPageInput): Promise<BookingPageData> {
  const party = getParty(input.party);
  const live =
    input.session?.stage === 'held' && input.session.houseId === input.houseId ? input.session : null;
  const held = live ? await readHeld(live.sid) : null;
  const query = { houseId: input.houseId, startDate: input.startDate, endDate: input.endDate, party };
  const stay = await loadStayData(query, input.locale, live ? { sid: live.sid, held } : null);
  const selection = sanitize(input.selection, stay);
  const full: BookingSelection = { ...query, ...selection };
  const check = recheckSelection(full, stay);
  const errors = check.ok ? [] : check.errors;
  const [overview, quote] = await Promise.all([
    input.step === 'overview' && check.ok ? overviewState(input.session, held, full) : Promise.resolve(null),
    input.step === 'guest' && check.ok ? quoteFor(full, input.locale) : Promise.resolve(null),
  ]);
  return {
    stay,
    rent: rentOf(stay.house),
    nights: countNights(input.startDate, input.endDate),
    persons: countPersons(party),
    selection,
    errors,
    overview,
    quote,
  };
}
