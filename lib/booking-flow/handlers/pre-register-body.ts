import 'server-only';
import { z } from 'zod';
import { CampaignFieldSchema } from '@/lib/attribution/campaign-field';
import { GuestSchema } from '@/lib/booking/guest';
import { BookingSelectionSchema } from '@/lib/booking/selection-schema';
import { LOCALES } from '@/lib/i18n/locales';

/** The body of POST /api/booking/pre-register. */

/**
 * The guest's language defaults to the locale the body names: a client that sends the page's
 * locale need not repeat it inside the guest. A language the guest did give always wins.
 */
function withGuestLanguage(body: unknown): unknown {
  if (body === null || typeof body !== 'object') return body;
  const { locale, guest } = body as { locale?: unknown; guest?: unknown };
  if (guest === null || typeof guest !== 'object' || Array.isArray(guest) || 'language' in guest) return body;
  return { ...body, guest: { ...guest, language: locale } };
}

export const PreRegisterBodySchema = z.preprocess(
  withGuestLanguage,
  z.strictObject({
    locale: z.enum(LOCALES),
    selection: BookingSelectionSchema,
    guest: GuestSchema,
    /** Never needed; accepted only to refuse an id that is not this session's own. */
    transactionId: z.string().max(200).optional(),
    /**
     * The landing link's campaign tags, kept with the hold and the booking (never sent to the
     * partner, whose API has no field for them). Invalid or unknown tags are dropped, never refused.
     */
    campaign: CampaignFieldSchema.optional(),
  }),
);

export type PreRegisterBody = z.output<typeof PreRegisterBodySchema>;
