'use client';

import { createContext, useContext } from 'react';
import type { Locale } from '@/lib/i18n/locales';
import type { HousePrice, PriceOverview, Service, Unit } from '@/lib/booking/types';
import type { FlowSelection, StayCriteria, Step } from '@/lib/booking/selection';
import type { PaymentChoice } from './booking-api';

/** The stay's data as the server page read it; plain, serializable props. */
export interface FlowData {
  locale: Locale;
  houseId: number;
  houseName: string;
  criteria: StayCriteria;
  nights: number;
  persons: number;
  /** Rent for the stay with mandatory costs, discounted when discounted; null when not bookable. */
  rent: number | null;
  /**
   * Of the rent's price, the party the partner says it priced (the rent is not this party's when
   * that differs) and the part a voucher may pay; absent what the partner left out.
   */
  rentPrice?: Pick<HousePrice, 'pricedFor' | 'voucherAmount'> | undefined;
  /**
   * The partner's price specification for the stay and party alone (what the house page showed);
   * null when the partner gave none, and the running total is then an estimate.
   */
  stayCosts: PriceOverview | null;
  /** The house's most persons and pets. */
  maxPersons: number | null;
  maxPets: number;
  preferences: Service[];
  units: Unit[];
  services: Service[];
  parkConditions: string;
}

export interface FlowContextValue {
  data: FlowData;
  step: Step;
  selection: FlowSelection;
  /** Changes the selection and writes it to the address (no new history entry). */
  setSelection: (next: FlowSelection) => void;
  /** Goes to another step (a new history entry, rendered on the server). */
  goTo: (step: Step, selection?: FlowSelection) => void;
  navigating: boolean;
  /** Says something in the polite live region. */
  announce: (message: string) => void;
  /** Whether the browser is online; when not, the flow says to check the connection. */
  isOnline: () => boolean;
  /**
   * The payment option chosen on the overview. Kept here, above the overview, because a re-price
   * (the cancellation fund ticked or not) replaces the hold and re-mounts the payment form.
   */
  payment: PaymentChoice | null;
  setPayment: (choice: PaymentChoice | null) => void;
  /**
   * Book was refused because another tab changed the hold. Kept here for the same reason as the
   * payment: the overview holds its stay again, and the new hold re-mounts it, while the notice
   * must stay until the guest leaves the step.
   */
  changedElsewhere: boolean;
  setChangedElsewhere: () => void;
}

export const FlowContext = createContext<FlowContextValue | null>(null);

export function useFlow(): FlowContextValue {
  const value = useContext(FlowContext);
  if (!value) throw new Error('useFlow outside <BookingFlow>');
  return value;
}
