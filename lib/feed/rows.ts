/**
 * The house feed's data and rows. The data (houses, parks, prices) is the same for every
 * affiliate and is built once per language; the rows add each affiliate's tagged links to it.
 * Every partner field is optional: what the partner did not say is left out of a house (JSON) or
 * left empty (CSV), and `priceKnown` says per row whether a from-price was given.
 */
import type { HouseSummary, Park, ParkHouse } from '@/lib/booking/types';
import { csvDocument } from '@/lib/http/csv';
import type { Locale } from '@/lib/i18n/locales';
import { taggedHouseLink, type FeedTags } from './links';

export interface FeedPrice {
  /** What the stay costs, the discount taken. */
  amount: number;
  currency: 'EUR';
  startDate: string;
  endDate: string;
  nights: number;
}

export interface FeedHouse {
  id: number;
  name?: string;
  park?: { id: number; name?: string };
  pictures: string[];
  persons?: number;
  bedrooms?: number;
  /** The partner's next default stay for the house, with its price. */
  price?: FeedPrice;
}

export interface FeedData {
  locale: Locale;
  /** When the data was built (ISO 8601): an answer served over the budget is this old. */
  builtAt: string;
  houses: FeedHouse[];
}

export interface FeedRow extends Omit<FeedHouse, 'price'> {
  link: string;
  priceKnown: boolean;
  price: FeedPrice | null;
}

function priceOf(summary: HouseSummary | undefined): FeedPrice | undefined {
  const price = summary?.price;
  if (!price) return undefined;
  const { startDate, endDate, nights, currency } = price;
  return { amount: price.discounted ?? price.full, currency, startDate, endDate, nights };
}

/**
 * The active houses with what the default search says of each. The partner's list of active
 * houses decides which houses are in the feed; when it lists none, the search's houses are used.
 */
export function shapeFeedHouses(
  active: readonly ParkHouse[],
  summaries: readonly HouseSummary[],
  parks: readonly Park[],
): FeedHouse[] {
  const byId = new Map(summaries.map((summary) => [summary.id, summary]));
  const parkNames = new Map(parks.map((park) => [park.id, park.name]));
  const listed: readonly { id: number; name?: string; parkId?: number }[] =
    active.length > 0 ? active : summaries;
  return listed.map((house) => {
    const summary = byId.get(house.id);
    const shaped: FeedHouse = { id: house.id, pictures: summary ? pictures(summary) : [] };
    const name = house.name || summary?.name;
    if (name) shaped.name = name;
    const parkId = house.parkId ?? summary?.parkId;
    if (parkId !== undefined) {
      const parkName = parkNames.get(parkId);
      shaped.park = parkName ? { id: parkId, name: parkName } : { id: parkId };
    }
    if (summary?.persons != null) shaped.persons = summary.persons;
    if (summary?.bedrooms != null) shaped.bedrooms = summary.bedrooms;
    const price = priceOf(summary);
    if (price) shaped.price = price;
    return shaped;
  });
}

function pictures(summary: HouseSummary): string[] {
  const all = summary.picture ? [summary.picture, ...summary.pictures] : summary.pictures;
  return [...new Set(all)];
}

/** The data's houses with this affiliate's links. */
export function feedRows(data: FeedData, origin: string, tags: FeedTags): FeedRow[] {
  return data.houses.map(({ price, ...house }) => ({
    ...house,
    link: taggedHouseLink(origin, data.locale, house.id, tags),
    priceKnown: price !== undefined,
    price: price ?? null,
  }));
}

const CSV_HEADER = [
  'id',
  'name',
  'park_id',
  'park_name',
  'link',
  'pictures',
  'persons',
  'bedrooms',
  'price_known',
  'price',
  'currency',
  'stay_start',
  'stay_end',
  'nights',
];

/** The rows as CSV; the pictures of a house in one cell, separated by spaces (URLs have none). */
export function feedCsv(rows: readonly FeedRow[]): string {
  return csvDocument(
    CSV_HEADER,
    rows.map((row) => [
      row.id,
      row.name,
      row.park?.id,
      row.park?.name,
      row.link,
      row.pictures.join(' '),
      row.persons,
      row.bedrooms,
      row.priceKnown ? 'yes' : 'no',
      row.price?.amount.toFixed(2),
      row.price?.currency,
      row.price?.startDate,
      row.price?.endDate,
      row.price?.nights,
    ]),
  );
}
