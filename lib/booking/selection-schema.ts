/**
 * The zod schemas of a booking selection and of an id in an address, for the route handlers: a
 * selection in a request body is strict (an unknown key is an error, so a hand-made request
 * cannot smuggle fields through to the partner) and meets the same limits and rules as the
 * flow's own (selection.ts). The same limits hold for a selection in a query (the price API's
 * `prefs` and `svc`), which is refused rather than trimmed as the flow's addresses are.
 */
import { lazySchema, z } from '@/lib/validation/zod-browser';
import { countNights, getToday, isCalendarDate } from './dates';
import { MAX_STAY_NIGHTS, getLastBookableArrival, isArrivalTooSoon } from './deep-link';
import { PartySchema } from './party-schema';
import {
  MAX_ID,
  MAX_PIECES,
  MAX_PREFERENCES,
  MAX_SERVICES,
  parseId,
  readServicePiece,
  type BookingSelection,
  type ServicePick,
} from './selection';

/** `parseId` for zod: an id in an address, or the issue `invalid_id`. */
export const IdParamSchema = lazySchema(() =>
  z.string().transform((text, ctx) => {
    const id = parseId(text);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: 'invalid_id' });
      return z.NEVER;
    }
    return id;
  }),
);

const id = () => z.number().int().positive().max(MAX_ID);
const calendarDate = () => z.string().refine(isCalendarDate, { error: 'invalid_date' });

export const ServicePickSchema = lazySchema(() =>
  z.strictObject({
    id: id(),
    quantity: z.number().int().min(1).max(MAX_PIECES),
    date: calendarDate().optional(),
  }),
) satisfies z.ZodType<ServicePick>;

export const BookingSelectionSchema = lazySchema(() =>
  z
    .strictObject({
      houseId: id(),
      startDate: calendarDate(),
      endDate: calendarDate(),
      party: PartySchema,
      unitId: id().optional(),
      // Each preference counts once, however often a request names it.
      preferenceIds: z
        .array(id())
        .max(MAX_PREFERENCES)
        .default([])
        .transform((ids) => [...new Set(ids)]),
      services: z.array(ServicePickSchema).max(MAX_SERVICES).default([]),
      cancellationFund: z.boolean().default(false),
    })
    .superRefine((sel, ctx) => {
      if (!isCalendarDate(sel.startDate) || !isCalendarDate(sel.endDate)) return;
      const nights = countNights(sel.startDate, sel.endDate);
      if (nights < 1) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'end_before_start' });
      if (nights > MAX_STAY_NIGHTS)
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'stay_too_long' });
      const today = getToday();
      if (isArrivalTooSoon(sel.startDate, today)) {
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'start_in_past' });
      } else if (sel.startDate > getLastBookableArrival(today)) {
        // The partner refuses it too, but only after the re-check's reads.
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'beyond_booking_horizon' });
      }
      if (new Set(sel.services.map((s) => s.id)).size !== sel.services.length) {
        ctx.addIssue({ code: 'custom', path: ['services'], message: 'duplicate_service' });
      }
    }),
) satisfies z.ZodType<BookingSelection>;

/** A comma-separated list in a query, each piece as `read` reads it; one unreadable piece refuses the list. */
function commaList<T>(read: (text: string) => T | null, message: string) {
  return z.string().transform((text, ctx) => {
    const items = text.split(',').map(read);
    if (items.some((item) => item === null)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return items as T[];
  });
}

/** Ids like `301,302` in a query: each one as `parseId` reads it, counted once, at most MAX_PREFERENCES. */
export const IdListSchema = lazySchema(() =>
  commaList(parseId, 'invalid_id')
    .transform((ids) => [...new Set(ids)])
    .pipe(z.array(id()).max(MAX_PREFERENCES)),
);

/** An `svc` list in a query (`201x2,207x1@2026-07-03`): every piece readable and within the selection's limits. */
export const ServiceListSchema = lazySchema(() =>
  commaList(readServicePiece, 'invalid_service').pipe(z.array(ServicePickSchema).max(MAX_SERVICES)),
);
