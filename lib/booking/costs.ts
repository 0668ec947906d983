/**
 * Cost-type maths for services and preferences. Sums run in integer cents: adding euro floats
 * drifts (0.1 + 0.2 !== 0.3) and a running total that is off by a cent against the partner's
 * quote looks like a pricing bug to a guest.
 */

/** How a service's unit cost applies to a stay. */
export const COST_TYPES = ['PER_STAY', 'PER_PERSON_PER_NIGHT', 'PER_NIGHT', 'PER_PERSON', 'PER_PIECE'] as const;
export type CostType = (typeof COST_TYPES)[number];

/**
 * Euros to whole cents, half away from zero. Goes through the number's decimal text so that
 * 1.005 rounds to 101 cents as written, not to 100 as its binary value would.
 */
export function toCents(euros: number): number {
  if (!Number.isFinite(euros)) throw new RangeError(`Not an amount: ${euros}`);
  const magnitude = Math.abs(euros);
  const text = String(magnitude);
  const scaled = text.includes('e') ? magnitude * 100 : Number(`${text}e2`);
  const cents = Math.round(scaled) * (euros < 0 ? -1 : 1);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount too large: ${euros}`);
  return cents === 0 ? 0 : cents; // no -0 in totals
}

export function fromCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  return cents / 100;
}

export function roundToCents(euros: number): number {
  return fromCents(toCents(euros));
}

/** Adds euro amounts without float drift. */
export function sumAmounts(amounts: readonly number[]): number {
  return fromCents(amounts.reduce((sum, amount) => sum + toCents(amount), 0));
}

export function isKnownCostType(costType: unknown): costType is CostType {
  return typeof costType === 'string' && (COST_TYPES as readonly string[]).includes(costType);
}

export interface LineCostInput {
  /** Unit cost in euros, as the house lists it. */
  cost: number;
  costType: string | null | undefined;
  /** How many are booked (default 1); it multiplies every cost type, as the partner's quote does. */
  quantity?: number;
  nights: number;
  persons: number;
}

export interface LineCost {
  /** Euros, rounded to cents. */
  amount: number;
  cents: number;
  /** A cost type we do not know (the partner may add some); it was priced once per stay. */
  unknownCostType: boolean;
}

function requireCount(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`${name} must be a whole number ≥ 0, got ${value}`);
  return value;
}

/** How many times one unit of the cost applies for this stay (before the quantity). */
export function getCostMultiplier(costType: CostType, counts: { nights: number; persons: number }): number {
  switch (costType) {
    case 'PER_STAY':
    case 'PER_PIECE': // a piece is paid once per stay; the quantity says how many pieces
      return 1;
    case 'PER_NIGHT':
      return counts.nights;
    case 'PER_PERSON':
      return counts.persons;
    case 'PER_PERSON_PER_NIGHT':
      return counts.persons * counts.nights;
  }
}

/**
 * The price of one service or preference line: cost × quantity × the cost type's count. The
 * unit cost is rounded to cents first, so the line equals "unit price × counts" as the guest
 * reads it on the page (and as the sandbox's quote computes it).
 */
export function lineCost(input: LineCostInput): LineCost {
  const quantity = requireCount('quantity', input.quantity ?? 1);
  const counts = {
    nights: requireCount('nights', input.nights),
    persons: requireCount('persons', input.persons),
  };
  const known = isKnownCostType(input.costType);
  const multiplier = getCostMultiplier(known ? (input.costType as CostType) : 'PER_STAY', counts);
  const cents = toCents(input.cost) * quantity * multiplier;
  return { amount: fromCents(cents), cents, unknownCostType: !known };
}

export interface ChosenCost {
  cost: number;
  costType: string | null | undefined;
  quantity?: number;
}

export interface SelectionTotalInput {
  /** Rent from the partner's quote (discounted when discounted; mandatory costs included). */
  rent: number;
  services: readonly ChosenCost[];
  preferences: readonly ChosenCost[];
  nights: number;
  persons: number;
}

export interface SelectionTotal {
  rent: number;
  services: number;
  preferences: number;
  total: number;
  /** At least one line had an unknown cost type: show the total as an estimate. */
  hasUnknownCostType: boolean;
}

/** The running total on the booking page: rent plus the chosen services and preferences. */
export function selectionTotal(input: SelectionTotalInput): SelectionTotal {
  let unknown = false;
  const sumLines = (lines: readonly ChosenCost[]): number =>
    lines.reduce((sum, line) => {
      const priced = lineCost({ ...line, nights: input.nights, persons: input.persons });
      unknown ||= priced.unknownCostType;
      return sum + priced.cents;
    }, 0);
  const rent = toCents(input.rent);
  const services = sumLines(input.services);
  // Preferences are one choice each; a quantity on them means nothing.
  const preferences = sumLines(input.preferences.map(({ cost, costType }) => ({ cost, costType })));
  return {
    rent: fromCents(rent),
    services: fromCents(services),
    preferences: fromCents(preferences),
    total: fromCents(rent + services + preferences),
    hasUnknownCostType: unknown,
  };
}
