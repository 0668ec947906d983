'use client';

import { useMutation } from '@tanstack/react-query';
import type { Guest, GuestInput } from '@/lib/booking/guest';
import { BookingApiError, preRegisterBooking, type HoldResponse } from './booking-api';
import { useFlow } from './flow-context';
import { clearBookingDone, saveHoldMarker } from './flow-storage';

/**
 * Places (or re-prices, or renews) the hold for the flow's stay and current selection: the one
 * pre-register call of the booking flow. A placed hold is remembered in this tab, so an expired
 * one can be explained later, and clears the "booked already" mark of an earlier booking.
 */
export function usePlaceHold() {
  const { data, selection } = useFlow();
  const mutation = useMutation({ mutationFn: preRegisterBooking });

  /**
   * With `renewLapsed`, a hold that lapsed in the meantime (the server has just dropped it) is
   * replaced by one new hold; without it, that failure is thrown for the page to explain.
   */
  async function placeHold(
    guest: GuestInput | Guest,
    { renewLapsed }: { renewLapsed: boolean },
  ): Promise<HoldResponse> {
    const input = {
      locale: data.locale,
      houseId: data.houseId,
      startDate: data.criteria.startDate,
      endDate: data.criteria.endDate,
      party: data.criteria.party,
      selection,
      guest,
    };
    let result: HoldResponse;
    try {
      result = await mutation.mutateAsync(input);
    } catch (err) {
      if (!(renewLapsed && err instanceof BookingApiError && err.code === 'hold_expired')) throw err;
      result = await mutation.mutateAsync(input);
    }
    saveHoldMarker({ houseId: data.houseId, expiresAt: Date.parse(result.holdExpiresAt) });
    clearBookingDone();
    return result;
  }

  return { placeHold, pending: mutation.isPending, placed: mutation.isSuccess, error: mutation.error };
}
