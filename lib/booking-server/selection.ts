import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { countNights, getToday, isCalendarDate } from '@/lib/booking/dates';
import { MAX_STAY_NIGHTS } from '@/lib/booking/deep-link';
import { PartySchema } from '@/lib/booking/party';
import type { StaySelection } from '@/lib/partner-api';
import { MAX_PIECES, MAX_PREFERENCES, MAX_SERVICES } from '@/components/booking/flow/selection-params';

/**
 * What a guest chose, as the booking routes accept it: the stay, the party, the unit, the
 * preferences, the optional services and the cancellation fund. No personal data. Strict: an
 * unknown key is an error, so a hand-made request cannot smuggle fields to the partner.
 */

const id = z.number().int().positive().max(2_147_483_647);
const calendarDate = z.string().refine(isCalendarDate, { error: 'invalid_date' });

export const ServicePickSchema = z.strictObject({
  id,
  quantity: z.number().int().min(1).max(MAX_PIECES),
  date: calendarDate.optional(),
});

export const BookingSelectionSchema = z
  .strictObject({
    houseId: id,
    startDate: calendarDate,
    endDate: calendarDate,
    party: PartySchema,
    unitId: id.optional(),
    preferenceIds: z.array(id).max(MAX_PREFERENCES).default([]),
    services: z.array(ServicePickSchema).max(MAX_SERVICES).default([]),
    cancellationFund: z.boolean().default(false),
  })
  .superRefine((sel, ctx) => {
    if (!isCalendarDate(sel.startDate) || !isCalendarDate(sel.endDate)) return;
    const nights = countNights(sel.startDate, sel.endDate);
    if (nights < 1) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'end_before_start' });
    if (nights > MAX_STAY_NIGHTS)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'stay_too_long' });
    if (countNights(getToday(), sel.startDate) < 0) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'start_in_past' });
    }
    if (new Set(sel.services.map((s) => s.id)).size !== sel.services.length) {
      ctx.addIssue({ code: 'custom', path: ['services'], message: 'duplicate_service' });
    }
  });

export type BookingSelection = z.output<typeof BookingSelectionSchema>;

/** The selection in one canonical order, so equal choices give equal keys. */
function canonical(sel: BookingSelection) {
  return {
    houseId: sel.houseId,
    startDate: sel.startDate,
    endDate: sel.endDate,
    party: [
      sel.party.adults,
      sel.party.child0002,
      sel.party.child0304,
      sel.party.child0512,
      sel.party.child1317,
      sel.party.pets,
    ],
    unitId: sel.unitId ?? null,
    preferenceIds: [...new Set(sel.preferenceIds)].sort((a, b) => a - b),
    services: [...sel.services].sort((a, b) => a.id - b.id).map((s) => [s.id, s.quantity, s.date ?? null]),
    cancellationFund: sel.cancellationFund,
  };
}

/**
 * A short digest of the selection: the overview compares the one the hold was made for with the
 * one in the URL, and re-prices the hold when they differ.
 */
export function selectionKey(sel: BookingSelection): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(sel)))
    .digest('hex')
    .slice(0, 32);
}

export function toStaySelection(sel: BookingSelection): StaySelection {
  const stay: StaySelection = {
    houseId: sel.houseId,
    startDate: sel.startDate,
    endDate: sel.endDate,
    party: sel.party,
    preferenceIds: [...new Set(sel.preferenceIds)],
    services: sel.services.map((s) => ({
      id: s.id,
      quantity: s.quantity,
      ...(s.date ? { date: s.date } : {}),
    })),
    cancellationFund: sel.cancellationFund,
  };
  if (sel.unitId !== undefined) stay.unitId = sel.unitId;
  return stay;
}
