'use client';

import type { ReactNode } from 'react';
import { BookingPanelView } from './booking-panel-view';
import { useBookingPanel, type BookingPanelProps } from './use-booking-panel';

/**
 * Party, availability calendar, price and the call to book. Everything the guest changes is
 * re-read through the site's API and mirrored into the address, so a refresh, a shared link or
 * the language switcher keep the choice. `children` come below the panel, above the card that
 * stands in for it, so the card appearing or leaving moves nothing under the panel.
 */
export function BookingPanel({ children, ...props }: BookingPanelProps & { children?: ReactNode }) {
  return <BookingPanelView {...useBookingPanel(props)}>{children}</BookingPanelView>;
}
