/**
 * The one shape every price a guest sees is shown in: on the house page before booking, in the
 * running total of the flow and on the overview. It is built from the partner's price
 * specification, so the three agree by construction: what is paid in advance, what is paid at
 * the park, the price of the stay (the two together) and, apart from it, refundable deposits.
 * A deposit is money returned after the stay, so it is never part of the price; it is still
 * paid, so the amount due now says it is included.
 */
import { fromCents, toCents } from './costs';
import type { PriceGroup, PriceLine, PriceOverview } from './types';

export interface BreakdownPart {
  /** PayInAdvance, PayAtLocation, Deposit, or a group the partner has not documented. */
  id: string;
  /** The partner's own title for the group, when it sent one. */
  header?: string;
  lines: PriceLine[];
  /** The group's sum in euros; null when a line's amount is unreadable and no subtotal was sent. */
  total: number | null;
}

export interface PriceBreakdown {
  /** Paid to the partner before the stay (rent, mandatory costs, chosen extras, discounts). */
  advance: BreakdownPart | null;
  /** Paid at the park (tourist tax, energy and the like). */
  atPark: BreakdownPart | null;
  /** Refundable amounts, shown apart from the price. */
  deposit: BreakdownPart | null;
  /** Groups the partner has not documented; counted in the price, shown under their own title. */
  other: BreakdownPart[];
  /** What the stay costs: every part except deposits; null when some amount is unreadable. */
  price: number | null;
  /** The partner's own Total line, shown when the price cannot be summed from readable amounts. */
  partnerTotal: { amount: number | null; text: string } | null;
}

const ADVANCE = 'PayInAdvance';
const AT_PARK = 'PayAtLocation';
const DEPOSIT = 'Deposit';
const TOTAL = 'Total';

function sumCents(values: readonly (number | null)[]): number | null {
  let cents = 0;
  for (const value of values) {
    if (value === null) return null;
    cents += toCents(value);
  }
  return cents;
}

function partOf(group: PriceGroup): BreakdownPart {
  const summed = sumCents(group.lines.map((line) => line.amount));
  const total = summed !== null ? fromCents(summed) : (group.subtotal ?? null);
  return { id: group.id, ...(group.header ? { header: group.header } : {}), lines: group.lines, total };
}

/** The breakdown of a partner price specification (see lib/partner-api/mappers/price-overview). */
export function toPriceBreakdown(overview: PriceOverview): PriceBreakdown {
  const parts = overview.groups.filter((group) => group.id !== TOTAL).map(partOf);
  const find = (id: string) => parts.find((part) => part.id === id) ?? null;
  const other = parts.filter((part) => ![ADVANCE, AT_PARK, DEPOSIT].includes(part.id));
  const priced = parts.filter((part) => part.id !== DEPOSIT);
  const summed = sumCents(priced.map((part) => part.total));
  const totalLine = overview.groups.find((group) => group.id === TOTAL)?.lines.at(-1);
  return {
    advance: find(ADVANCE),
    atPark: find(AT_PARK),
    deposit: find(DEPOSIT),
    other,
    price: summed !== null && priced.length > 0 ? fromCents(summed) : null,
    partnerTotal: totalLine ? { amount: totalLine.amount, text: totalLine.text } : null,
  };
}

/**
 * The breakdown with the guest's chosen extras (preferences, services, the cancellation fund)
 * added to what is paid in advance, as the partner's quote adds them: the running total of the
 * flow is the house page's breakdown plus these lines, so the two agree line for line.
 */
export function addAdvanceLines(breakdown: PriceBreakdown, extras: readonly PriceLine[]): PriceBreakdown {
  if (extras.length === 0) return breakdown;
  const base: BreakdownPart = breakdown.advance ?? { id: ADVANCE, lines: [], total: 0 };
  const extraCents = sumCents(extras.map((line) => line.amount));
  const advanceCents = base.total === null || extraCents === null ? null : toCents(base.total) + extraCents;
  const advance: BreakdownPart = {
    ...base,
    lines: [...base.lines, ...extras],
    total: advanceCents === null ? null : fromCents(advanceCents),
  };
  const priceCents =
    breakdown.price === null || extraCents === null ? null : toCents(breakdown.price) + extraCents;
  return {
    ...breakdown,
    advance,
    price: priceCents === null ? null : fromCents(priceCents),
    // The partner's Total was for the stay without these extras.
    partnerTotal: null,
  };
}

/** A line priced by the site (an extra the guest chose), in the partner's line shape. */
export function pricedLine(name: string, amount: number, info?: string): PriceLine {
  return {
    name,
    amount,
    text: String(amount),
    ...(info ? { info } : {}),
    type: amount < 0 ? 'Discount' : 'Normal',
    isDiscount: amount < 0,
  };
}
