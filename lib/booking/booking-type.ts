/**
 * The kind of price the partner's booking answer names (paymentBookingType). It documents Normal,
 * EarlyBooking and LastMinute; only the two that tell the guest something are named on the page.
 * A normal price, an absent value or one the partner has not documented says nothing.
 */
export const NAMED_PRICE_KINDS = ['EarlyBooking', 'LastMinute'] as const;
export type NamedPriceKind = (typeof NAMED_PRICE_KINDS)[number];

export function namedPriceKind(paymentBookingType: string | null | undefined): NamedPriceKind | null {
  const value = paymentBookingType?.trim();
  return (NAMED_PRICE_KINDS as readonly string[]).includes(value ?? '') ? (value as NamedPriceKind) : null;
}
