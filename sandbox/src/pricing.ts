/**
 * Prices for a stay, kept in integer cents so the price lines always add up exactly. A quote is
 * language-neutral; price-lines.ts renders it per request language.
 */
import type { CostType } from '@/lib/booking/costs';
import type { House } from './catalogue';
import type { ParkDef } from './park-data';
import { MANDATORY_SERVICES, OPTIONAL_SERVICES, PREFERENCES } from './service-data';
import { isoDate, weekday, type Day } from './dates';
import { LABELS, type Text } from './i18n';
import { persons, surchargePersons, taxedPersons, type Party } from './party';
import { SEASON_FACTOR, seasonOf } from './seasons';

export const EARLY_BOOKING_DAYS = 120;
export const LAST_MINUTE_DAYS = 14;
export const EARLY_BOOKING_RATE = 0.1;
export const LAST_MINUTE_RATE = 0.15;
/** Cancellation fund: 4.5 % of the rent plus a fixed fee, for arrivals more than 14 days ahead. */
export const CANCELLATION_FUND_RATE = 0.045;
export const CANCELLATION_FUND_FEE_CENTS = 550;
/** Partial payment (30 %, whole euros) is possible for arrivals at least 42 days ahead. */
export const PARTIAL_PAYMENT_DAYS = 42;
export const PARTIAL_PAYMENT_RATE = 0.3;
const WEEKEND_FACTOR = 1.2;

export interface ExtraSelection {
  readonly id: number;
  readonly quantity: number;
  readonly date?: Day;
}

export interface Selection {
  readonly unitId?: number;
  readonly preferenceIds: readonly number[];
  readonly extras: readonly ExtraSelection[];
  readonly cancellationFund: boolean;
}

/** A bare stay: no unit, preferences, extras or fund (search and details prices). */
export const NO_SELECTION: Selection = { preferenceIds: [], extras: [], cancellationFund: false };

export type PriceGroup = 'PayInAdvance' | 'Deposit' | 'PayAtLocation';

export interface QuoteLine {
  readonly group: PriceGroup;
  readonly name: Text;
  readonly cents: number;
  readonly extrainfo?: string | Text;
  readonly discount?: boolean;
}

export interface Quote {
  readonly start: Day;
  readonly end: Day;
  readonly party: Party;
  readonly rentCents: number;
  readonly bookingType: 'Normal' | 'EarlyBooking' | 'LastMinute';
  readonly fullPriceCents: number;
  readonly discountedPriceCents: number;
  readonly cancellationFundPossible: boolean;
  readonly cancellationFundCents: number;
  readonly partialPaymentPossible: boolean;
  readonly lines: readonly QuoteLine[];
}

export function money(cents: number): number {
  return Math.round(cents) / 100;
}

/** `itemValue` form: two decimals, a dot, no thousands separator ("289.00", "-12.50"). */
export function moneyText(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function costMultiplier(costType: CostType, nights: number, party: Party): number {
  switch (costType) {
    case 'PER_STAY':
    case 'PER_PIECE':
      return 1;
    case 'PER_NIGHT':
      return nights;
    case 'PER_PERSON':
      return persons(party);
    case 'PER_PERSON_PER_NIGHT':
      return persons(party) * nights;
  }
}

function formula(
  costType: CostType,
  quantity: number,
  nights: number,
  party: Party,
  costCents: number,
): string {
  const parts: number[] = quantity > 1 ? [quantity] : [];
  if (costType === 'PER_PERSON' || costType === 'PER_PERSON_PER_NIGHT') parts.push(persons(party));
  if (costType === 'PER_NIGHT' || costType === 'PER_PERSON_PER_NIGHT') parts.push(nights);
  return [...parts.map(String), moneyText(costCents)].join(' × ');
}

export function nightCents(house: House, night: Day): number {
  const weekend = weekday(night) === 5 || weekday(night) === 6 ? WEEKEND_FACTOR : 1;
  return Math.round(house.nightlyCents * SEASON_FACTOR[seasonOf(night)] * weekend);
}

export function quoteStay(
  house: House,
  park: ParkDef,
  start: Day,
  end: Day,
  party: Party,
  today: Day,
  selection: Selection,
): Quote {
  const nights = end - start;
  const lines: QuoteLine[] = [];
  const add = (line: QuoteLine) => lines.push(line);
  const nightLabel: Text = {
    NL: `${nights} ${LABELS.nights.NL}`,
    EN: `${nights} ${LABELS.nights.EN}`,
    DE: `${nights} ${LABELS.nights.DE}`,
    FR: `${nights} ${LABELS.nights.FR}`,
  };

  let baseCents = 0;
  for (let d = start; d < end; d++) baseCents += nightCents(house, d);
  const extraPersons = Math.max(0, surchargePersons(party) - house.baseOccupancy);
  const extraCents = extraPersons * house.extraPersonCents * nights;
  const rentCents = baseCents + extraCents;
  add({ group: 'PayInAdvance', name: LABELS.rent, cents: baseCents, extrainfo: nightLabel });
  if (extraCents > 0)
    add({
      group: 'PayInAdvance',
      name: LABELS.extraPersons,
      cents: extraCents,
      extrainfo: `${extraPersons} × ${nights} × ${moneyText(house.extraPersonCents)}`,
    });
  const petCents = party.pets * house.petNightCents * nights;
  if (petCents > 0)
    add({
      group: 'PayInAdvance',
      name: LABELS.pets,
      cents: petCents,
      extrainfo: `${party.pets} × ${nights} × ${moneyText(house.petNightCents)}`,
    });

  const m = MANDATORY_SERVICES;
  const mandatory: QuoteLine[] = [
    { group: 'PayInAdvance', name: m.finalCleaning.name, cents: house.finalCleaningCents },
    ...(party.pets > 0
      ? [{ group: 'PayInAdvance' as const, name: m.petCleaning.name, cents: m.petCleaning.baseCents }]
      : []),
    {
      group: 'PayAtLocation',
      name: m.touristTax.name,
      cents: taxedPersons(party) * nights * park.touristTaxCents,
      extrainfo: `${taxedPersons(party)} × ${nights} × ${moneyText(park.touristTaxCents)}`,
    },
    {
      group: 'PayAtLocation',
      name: m.energy.name,
      cents: nights * house.energyNightCents,
      extrainfo: `${nights} × ${moneyText(house.energyNightCents)}`,
    },
  ];
  mandatory.forEach(add);
  const mandatoryCents = mandatory.reduce((sum, l) => sum + l.cents, 0);

  for (const extra of selection.extras) {
    const def = OPTIONAL_SERVICES.find((s) => s.id === extra.id);
    const offer = house.optional.find((o) => o.id === extra.id);
    if (!def || !offer) continue;
    const cents = offer.costCents * extra.quantity * costMultiplier(def.costType, nights, party);
    const info = formula(def.costType, extra.quantity, nights, party, offer.costCents);
    add({
      group: 'PayInAdvance',
      name: def.name,
      cents,
      extrainfo: extra.date === undefined ? info : `${info} (${isoDate(extra.date)})`,
    });
  }
  for (const prefId of selection.preferenceIds) {
    const def = PREFERENCES.find((p) => p.id === prefId);
    const offer = house.preferences.find((o) => o.id === prefId);
    if (!def || !offer) continue;
    add({
      group: 'PayInAdvance',
      name: def.name,
      cents: offer.costCents * costMultiplier(def.costType, nights, party),
      extrainfo: formula(def.costType, 1, nights, party, offer.costCents),
    });
  }

  const daysAhead = start - today;
  const bookingType =
    daysAhead > EARLY_BOOKING_DAYS ? 'EarlyBooking' : daysAhead <= LAST_MINUTE_DAYS ? 'LastMinute' : 'Normal';
  const rate =
    bookingType === 'EarlyBooking' ? EARLY_BOOKING_RATE : bookingType === 'LastMinute' ? LAST_MINUTE_RATE : 0;
  const discountCents = Math.round(rentCents * rate);
  if (discountCents > 0) {
    add({
      group: 'PayInAdvance',
      name: bookingType === 'EarlyBooking' ? LABELS.earlyBooking : LABELS.lastMinute,
      cents: -discountCents,
      extrainfo: `-${Math.round(rate * 100)}%`,
      discount: true,
    });
  }
  const cancellationFundPossible = daysAhead > LAST_MINUTE_DAYS;
  const cancellationFundCents = cancellationFundPossible
    ? Math.round(rentCents * CANCELLATION_FUND_RATE) + CANCELLATION_FUND_FEE_CENTS
    : 0;
  if (selection.cancellationFund && cancellationFundPossible) {
    add({ group: 'PayInAdvance', name: LABELS.cancellationFund, cents: cancellationFundCents });
  }
  if (house.depositCents > 0)
    add({ group: 'Deposit', name: LABELS.damageDeposit, cents: house.depositCents });

  const fullPriceCents = rentCents + petCents + mandatoryCents;
  return {
    start,
    end,
    party,
    rentCents,
    bookingType,
    fullPriceCents,
    discountedPriceCents: fullPriceCents - discountCents,
    cancellationFundPossible,
    cancellationFundCents,
    partialPaymentPossible: daysAhead >= PARTIAL_PAYMENT_DAYS,
    lines,
  };
}
