/**
 * The e-commerce events the site pushes to `window.dataLayer` when the partner turns analytics
 * on, in the shape GA4's recommended events use (README: Analytics events). Pure builders shared
 * by the pages that render an event on the server and the steps that raise one in the browser.
 *
 * No guest data can appear in an event, not even hashed: the builders take only the stay's
 * facts (house, price, extras, the way to pay, the partner's reservation code), never a guest
 * object, and every event is rebuilt by `toSafeEvent` from a fixed list of fields before it is
 * pushed, so a field like `user_data` or `email` cannot reach the data layer by any route.
 */

export const ANALYTICS_CURRENCY = 'EUR';

export const ANALYTICS_EVENT_NAMES = [
  'view_item_list',
  'view_item',
  'begin_checkout',
  'add_to_cart',
  'add_payment_info',
  'purchase',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** One product line of an event: a house, or an extra or preference booked with it. */
export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  /** `house`, `extra` or `preference`. */
  item_category: string;
  /** For a house: its house type. */
  item_category2?: string;
  /** For a house: its park. */
  item_category3?: string;
  item_list_id?: string;
  item_list_name?: string;
  index?: number;
  /** One piece, in euros. */
  price?: number;
  quantity: number;
}

export interface AnalyticsEcommerce {
  currency?: typeof ANALYTICS_CURRENCY;
  value?: number;
  /** purchase: the partner's reservation code. */
  transaction_id?: string;
  /** add_payment_info: Later, NowFullAmount or NowPartialPayment. */
  payment_type?: string;
  item_list_id?: string;
  item_list_name?: string;
  items: AnalyticsItem[];
}

export interface AnalyticsEvent {
  event: AnalyticsEventName;
  ecommerce: AnalyticsEcommerce;
}

/** What an event may say about a house: what any visitor of its page can read. */
export interface HouseFacts {
  id: number;
  name: string;
  typeName?: string | null | undefined;
  parkName?: string | null | undefined;
  /** The stay's price in euros, when one is known. */
  price?: number | null | undefined;
}

/** GA4 keeps at most 100 characters of an item parameter. */
const MAX_TEXT = 100;
const MAX_ITEMS = 200;

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim().slice(0, MAX_TEXT);
  // Something with an @ could be an e-mail address: no house, extra or code of the partner has one.
  return trimmed === '' || trimmed.includes('@') ? undefined : trimmed;
}

function amount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? Math.round(value * 100) / 100
    : undefined;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 10_000
    ? value
    : undefined;
}

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function safeItem(raw: unknown): AnalyticsItem | null {
  if (raw === null || typeof raw !== 'object') return null;
  const item = raw as Record<string, unknown>;
  const id = text(item.item_id);
  const name = text(item.item_name);
  const category = text(item.item_category);
  const quantity = count(item.quantity);
  if (!id || !name || !category || quantity === undefined || quantity === 0) return null;
  return defined({
    item_id: id,
    item_name: name,
    item_category: category,
    item_category2: text(item.item_category2),
    item_category3: text(item.item_category3),
    item_list_id: text(item.item_list_id),
    item_list_name: text(item.item_list_name),
    index: count(item.index),
    price: amount(item.price),
    quantity,
  });
}

/**
 * The event rebuilt from the fields GA4 e-commerce events use and nothing else; null when it is
 * not one of the site's events. Every pushed event goes through here.
 */
export function toSafeEvent(raw: unknown): AnalyticsEvent | null {
  if (raw === null || typeof raw !== 'object') return null;
  const { event, ecommerce } = raw as { event?: unknown; ecommerce?: unknown };
  if (!ANALYTICS_EVENT_NAMES.includes(event as AnalyticsEventName)) return null;
  if (ecommerce === null || typeof ecommerce !== 'object') return null;
  const e = ecommerce as Record<string, unknown>;
  const items = Array.isArray(e.items) ? e.items.slice(0, MAX_ITEMS).flatMap((i) => safeItem(i) ?? []) : [];
  const value = amount(e.value);
  return {
    event: event as AnalyticsEventName,
    ecommerce: defined({
      currency:
        value !== undefined || items.some((i) => i.price !== undefined) ? ANALYTICS_CURRENCY : undefined,
      value,
      transaction_id: text(e.transaction_id),
      payment_type: text(e.payment_type),
      item_list_id: text(e.item_list_id),
      item_list_name: text(e.item_list_name),
      items,
    }),
  };
}

/** A house as an item; its price is the stay's, once. */
export function houseItem(
  house: HouseFacts,
  list?: { id: string; name: string; index: number },
): AnalyticsItem {
  return defined({
    item_id: String(house.id),
    item_name: house.name,
    item_category: 'house',
    item_category2: house.typeName ?? undefined,
    item_category3: house.parkName ?? undefined,
    item_list_id: list?.id,
    item_list_name: list?.name,
    index: list?.index,
    price: amount(house.price),
    quantity: 1,
  });
}

function valueOf(items: readonly AnalyticsItem[]): number | undefined {
  const priced = items.filter((i) => i.price !== undefined);
  if (priced.length === 0) return undefined;
  return Math.round(priced.reduce((sum, i) => sum + (i.price ?? 0) * 100 * i.quantity, 0)) / 100;
}

function build(event: AnalyticsEventName, ecommerce: AnalyticsEcommerce): AnalyticsEvent {
  // Never null: the builders only make events of the known names.
  return toSafeEvent({ event, ecommerce }) ?? { event, ecommerce: { items: [] } };
}

export const SEARCH_RESULTS_LIST = { id: 'search_results', name: 'Search results' } as const;

/** The search results as shown, in their order. */
export function viewItemList(
  houses: readonly HouseFacts[],
  list: { id: string; name: string } = SEARCH_RESULTS_LIST,
): AnalyticsEvent {
  return build('view_item_list', {
    item_list_id: list.id,
    item_list_name: list.name,
    items: houses.map((house, index) => houseItem(house, { ...list, index })),
  });
}

/** A house page; the price is the stay's on show, when there is one. */
export function viewItem(house: HouseFacts): AnalyticsEvent {
  const item = houseItem(house);
  return build('view_item', { value: valueOf([item]), items: [item] });
}

/** The guest opens the booking flow for a stay. */
export function beginCheckout(house: HouseFacts): AnalyticsEvent {
  const item = houseItem(house);
  return build('begin_checkout', { value: valueOf([item]), items: [item] });
}

/** Extras or preferences the guest has just added (their added quantity). */
export function addToCart(items: readonly AnalyticsItem[]): AnalyticsEvent {
  return build('add_to_cart', { value: valueOf(items), items: [...items] });
}

/** The way to pay the guest chose on the overview, with the held stay's total. */
export function addPaymentInfo(house: HouseFacts, paymentType: string): AnalyticsEvent {
  const item = houseItem(house);
  return build('add_payment_info', { value: valueOf([item]), payment_type: paymentType, items: [item] });
}

/** The finished booking: the partner's reservation code and the booked total. */
export function purchase(booking: { reservationCode: string; house: HouseFacts }): AnalyticsEvent {
  const item = houseItem(booking.house);
  return build('purchase', {
    transaction_id: booking.reservationCode,
    value: valueOf([item]),
    items: [item],
  });
}
