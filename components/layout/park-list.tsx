import { useTranslations } from 'next-intl';
import type { Park } from '@/lib/booking/types';
import { textLink } from '@/components/ui/styles';

/** The parks on the landing page: name, facilities and the virtual tour. */
export function ParkList({ parks }: { parks: Park[] }) {
  const t = useTranslations('home');
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {parks.map((park) => (
        <li key={park.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="text-lg font-bold text-slate-950">{park.name}</h3>
          {park.facilities.length > 0 ? (
            <>
              <p className="sr-only">{t('facilities')}</p>
              <ul className="mt-3 flex flex-wrap gap-2">
                {park.facilities.map((facility) => (
                  <li key={facility.id} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800">
                    {facility.name}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {park.virtualTourLink ? (
            <p className="mt-4">
              <a href={park.virtualTourLink} className={textLink} target="_blank" rel="noopener noreferrer">
                {t('tour', { name: park.name })}
                <span className="sr-only"> ({t('newWindow')})</span>
              </a>
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

