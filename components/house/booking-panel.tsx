'use client';

import { BookingPanelView } from './booking-panel-view';
import { useBookingPanel, type BookingPanelProps } from './use-booking-panel';

/**
 * Party, availability calendar, price and the call to book. Everything the guest changes is
 * re-read through the site's API and mirrored into the address, so a refresh, a shared link or
 * the language switcher keep the choice.
 */
export function BookingPanel(props: BookingPanelProps) {
  return <BookingPanelView {...useBookingPanel(props)} />;
}
