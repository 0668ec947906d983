import { useTranslations } from 'next-intl';
import type { Park } from '@/lib/booking/types';
import { cx } from '@/components/ui/cx';
import { textLink } from '@/components/ui/styles';

// Links on their own line, not inside a sentence: each is a full 44 × 44 px target, so a thumb
// on a phone hits the tour it aims at.
const tourLink = cx(textLink, 'inline-flex min-h-11 min-w-11 items-center py-2');

/** The park the house is on: its facilities and virtual tours (the house's own and the park's). */
export function ParkInfo({ park, houseTourLink }: { park: Park | undefined; houseTourLink: string | null }) {
  const t = useTranslations('house.park');
  if (!park && !houseTourLink) return null;
  return (
    <section aria-labelledby="park-heading" className="rounded-xl border border-slate-200 bg-brand-50 p-5">
      <h2 id="park-heading" className="text-xl font-bold text-slate-950">
        {park ? t('title', { name: park.name }) : t('tours')}
      </h2>
      {park && park.facilities.length > 0 ? (
        <>
          <h3 className="mt-3 font-semibold text-slate-900">{t('facilities')}</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {park.facilities.map((facility) => (
              <li
                key={facility.id}
                className="rounded-full border border-brand-600 bg-white px-3 py-1 text-sm text-slate-900"
              >
                {facility.name}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <ul className="mt-3 space-y-1">
        {houseTourLink ? (
          <li>
            <a href={houseTourLink} className={tourLink} target="_blank" rel="noopener noreferrer">
              {t('houseTour')}
              <span className="sr-only"> ({t('newWindow')})</span>
            </a>
          </li>
        ) : null}
        {park?.virtualTourLink ? (
          <li>
            <a href={park.virtualTourLink} className={tourLink} target="_blank" rel="noopener noreferrer">
              {t('parkTour')}
              <span className="sr-only"> ({t('newWindow')})</span>
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
