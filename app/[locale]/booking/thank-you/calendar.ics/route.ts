import { createHash } from 'node:crypto';
import { getTranslations } from 'next-intl/server';
import { readSessionBooking } from '@/lib/booking-flow/records/booking-records';
import { writeCalendar } from '@/lib/booking/ical';
import { getSiteEnv } from '@/lib/env';
import { problem } from '@/lib/http/problem';
import { isLocale } from '@/lib/i18n/locales';
import { findBookedHouseFacts } from '@/lib/pages/thank-you';
import { sessionFromRequest } from '@/lib/session/booking-session';

export const dynamic = 'force-dynamic';

/**
 * /{locale}/booking/thank-you/calendar.ics — the booking on the thank-you page as a calendar
 * event, read from the same server-side record through the session cookie; nothing in the
 * address names a booking. It carries only what the guest booked (house, park, nights,
 * reservation code), never their name or contact details, and is never cached.
 */
export async function GET(req: Request, { params }: { params: Promise<{ locale: string }> }): Promise<Response> {
  const { locale } = await params;
  if (!isLocale(locale)) return problem({ status: 404, code: 'not_found', title: 'Not found.' });
  const done = await readSessionBooking(await sessionFromRequest(req));
  if (!done) {
    return problem({ status: 404, code: 'no_booking', title: 'This browser has no booking to show.' });
  }
  const t = await getTranslations({ locale, namespace: 'booking' });
  const { parkName } = await findBookedHouseFacts(done, locale);
  const site = new URL(getSiteEnv().SITE_URL);
  const start = done.startDate.slice(0, 10);
  const end = done.endDate.slice(0, 10);
  // The same booking gives the same UID, so importing the file again updates the event.
  const uid = createHash('sha256').update(`${done.reservationCode}|${done.houseId}|${start}|${end}`).digest('hex');
  const text = writeCalendar(
    {
      uid: `${uid.slice(0, 32)}@${site.hostname}`,
      stamp: new Date(done.finalizedAt),
      start,
      end,
      summary: parkName
        ? t('thankYou.calendarSummaryPark', { house: done.houseName, park: parkName })
        : t('thankYou.calendarSummary', { house: done.houseName }),
      ...(parkName ? { location: parkName } : {}),
      description: t('thankYou.calendarDescription', { code: done.reservationCode }),
    },
    { productId: `-//${site.hostname}//Booking//${locale.toUpperCase()}` },
  );
  const fileCode = done.reservationCode.replace(/[^A-Za-z0-9-]/g, '').slice(0, 40) || 'booking';
  return new Response(text, {
    status: 200,
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="booking-${fileCode}.ics"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
