/**
 * Domain types for pages, components and route handlers. Raw partner shapes stay in
 * lib/partner-api, whose mappers turn them into these, so a component never meets a nullable
 * partner field or a date-time string.
 */
import type { CostType } from './costs';
import type { CalendarDate, StayDates } from './dates';
import type { PriceLineDetail } from './price-line-info';

/** A known cost type, or whatever new value the partner sends (kept, and flagged by costs.ts). */
export type CostTypeValue = CostType | (string & {});

export interface HousePrice extends StayDates {
  /** Price for the stay without discount, in euros. */
  full: number;
  /** Present only when it is lower than `full`. */
  discounted?: number;
  nights: number;
  /** What the guest pays per night (discounted when there is a discount), rounded to cents. */
  perNight: number;
  currency: 'EUR';
  /** Whether a cancellation fund can be taken for the stay; absent when the partner does not say. */
  cancellationFundPossible?: boolean;
  /** The part of the price a voucher may pay, when the partner names one. */
  voucherAmount?: number;
  /** The party the partner says it priced, where it says so; compare with the party asked. */
  pricedFor?: { persons?: number; pets?: number };
}

export interface HouseSummary {
  id: number;
  name: string;
  /** Capacity facts; null when the partner did not say. */
  persons: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  beds: number | null;
  /** Unknown counts as 0: never promise room for pets the partner did not confirm. */
  maxPets: number;
  /** Surface as the partner words it, e.g. "85 m²". */
  surface: string | null;
  picture: string | null;
  pictures: string[];
  description: string;
  price: HousePrice | null;
  houseTypeId?: number;
  parkId?: number;
}

export interface SearchResults {
  houses: HouseSummary[];
  count: number;
}

export const FACT_KEYS = ['persons', 'bedrooms', 'bathrooms', 'beds', 'pets', 'surface', 'parking'] as const;
export type FactKey = (typeof FACT_KEYS)[number];

export interface Fact {
  key: FactKey;
  /** The partner's translated label; empty when it sent none (the UI then labels by key). */
  label: string;
  value: number | string;
}

export interface Service {
  id: number;
  name: string;
  cost: number;
  costType: CostTypeValue;
  group?: string;
  keyword?: string;
  hasDatePicker: boolean;
  /** Set on the pet-free accommodation preference (recognised by its keyword when mapped). */
  petFree?: true;
}

export interface Feature {
  keyword: string;
  name: string;
  available: boolean;
}

export interface Picture {
  url: string;
  /** Falls back to the full picture when the partner sent no thumbnail for it. */
  thumbnail: string;
}

export interface HouseDescriptions {
  location: string;
  interior: string;
  surroundings: string;
  parkConditions: string;
}

export interface HouseDetail {
  id: number;
  name: string;
  persons: number | null;
  maxPets: number;
  facts: Fact[];
  descriptions: HouseDescriptions;
  pictures: Picture[];
  virtualTourLink: string | null;
  mandatoryServices: Service[];
  optionalServices: Service[];
  preferences: Service[];
  /** Available features first, then the rest, each part in the partner's order. */
  features: Feature[];
  /** Sorted, without duplicates. */
  availableStartDates: CalendarDate[];
  availableEndDates: CalendarDate[];
  selectedPeriod: HousePrice | null;
  houseTypeId?: number;
  parkId?: number;
}

export interface Unit {
  id: number;
  number: string;
  /** Whether the unit takes pets; null when the partner did not say (it then decides). */
  allowPets: boolean | null;
  /** The preferences the unit offers; null when the partner did not say (the park then matches them). */
  preferenceIds: number[] | null;
  /** Pets the unit takes, when the partner says. */
  maxPets: number | null;
}

export interface HouseType {
  id: number;
  name: string;
  /**
   * The partner names the type but gives it no id: the id is the site's own, derived from the
   * name (in the page's language), and never one a house or the partner's search knows.
   */
  byName?: true;
}

export interface Facility {
  id: number;
  name: string;
  keyword: string;
}

export interface Park {
  id: number;
  name: string;
  conditions: string;
  virtualTourLink: string | null;
  facilities: Facility[];
  /**
   * The park list did not name it (no ids in the partner's park data): it was asked for by its
   * id, and its houses are those the partner lists for that id.
   */
  askedById?: true;
}

export interface ParkHouse {
  id: number;
  name: string;
  parkId?: number;
}

/** The groups of a price overview, in the order the summary shows them. */
export const PRICE_GROUPS = ['PayInAdvance', 'Deposit', 'PayAtLocation', 'Total'] as const;

export interface PriceLine {
  name: string;
  /** The amount in euros; null when the partner's text is not a number (show `text` then). */
  amount: number | null;
  text: string;
  /** The partner's detail text as it came (e.g. "2 × 3 × 4.25"), shown when it cannot be read. */
  info?: string;
  /** The same detail read into numbers and a date, to be written in the page's language. */
  detail?: PriceLineDetail;
  /** Normal, Discount or a value the partner has not documented. */
  type: string;
  isDiscount: boolean;
}

export interface PriceGroup {
  /** PayInAdvance, Deposit, PayAtLocation, Total, or an undocumented group name ('Other' when absent). */
  id: string;
  header?: string;
  /** The amount on the header line, when it carries one (the group's sum). */
  subtotal?: number;
  lines: PriceLine[];
}

export interface PriceOverview {
  groups: PriceGroup[];
  /** The amount of the Total group, when readable. */
  total: number | null;
}

/**
 * What the guest sees of a pre-registration or finalization. The transactionId is left out on
 * purpose: it is the key to the reservation at the partner, so the browser never sees it; the
 * route handler keeps it in the sealed session instead.
 */
export interface BookingResult {
  /**
   * The partner's own reservation number, when its answer carries one. After finalize it is the
   * code the guest sees; without it the finalized transactionId is the code.
   */
  reservationNumber: string | null;
  paymentBookingType: string | null;
  fullPayAmount: number | null;
  firstPayAmount: number | null;
  cancellationFundPossible: boolean;
  cancellationFund: number | null;
  priceOverview: PriceOverview;
  units: Unit[];
  /** ISO date-time when an unfinalized hold lapses (an instant, not a calendar date). */
  holdExpiresAt: string | null;
  /**
   * Where to send the guest to pay (an http(s) URL; the route handler still checks its origin
   * against the configured payment origins before redirecting).
   */
  paymentUrl: string | null;
  status: string | null;
}
