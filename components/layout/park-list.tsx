import { useTranslations } from 'next-intl';
import type { Park } from '@/lib/booking/types';
import { Link } from '@/lib/i18n/navigation';
import { ParkFacilities } from '@/components/parks/park-facilities';
import { VirtualTourLink } from '@/components/parks/virtual-tour-link';

/** The parks on the landing page: each links to its park page (its houses), with facilities and tour. */
export function ParkList({ parks }: { parks: Park[] }) {
  const t = useTranslations('home');
  const parksT = useTranslations('parks');
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {parks.map((park) => {
        const name = park.name || parksT('unnamed', { id: park.id });
        return (
          <li key={park.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h3 className="text-lg font-bold text-slate-950">
              <Link
                href={`/parks/${park.id}`}
                aria-label={parksT('viewPark', { name })}
                className="inline-flex min-h-11 items-center underline-offset-2 hover:underline"
              >
                {name}
              </Link>
            </h3>
            <div className="mt-2">
              <ParkFacilities facilities={park.facilities} label={t('facilities')} />
            </div>
            {park.virtualTourLink ? (
              <VirtualTourLink href={park.virtualTourLink} label={t('tour', { name })} newWindow={t('newWindow')} />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The landing page's parks section, or nothing when the partner describes no park. Parks the
 * partner describes without an id (its documented park data carries none) cannot be linked to:
 * the section says how many, rather than leave them out without a word or show an empty list.
 */
export function ParksSection({ parks, unidentified = 0 }: { parks: Park[]; unidentified?: number }) {
  const t = useTranslations('home');
  const parksT = useTranslations('parks');
  if (parks.length === 0 && unidentified === 0) return null;
  return (
    <section aria-labelledby="parks-heading" className="mx-auto max-w-6xl px-4 py-8">
      <h2 id="parks-heading" className="text-2xl font-bold text-slate-950">
        {t('parks')}
      </h2>
      {parks.length > 0 ? (
        <div className="mt-4">
          <ParkList parks={parks} />
        </div>
      ) : null}
      {unidentified > 0 ? (
        <p className="mt-4 max-w-3xl text-slate-700">
          {parksT(parks.length > 0 ? 'unidentifiedMore' : 'unidentifiedOnly', { count: unidentified })}
        </p>
      ) : null}
    </section>
  );
}
