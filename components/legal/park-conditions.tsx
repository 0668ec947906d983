import { useTranslations } from 'next-intl';
import type { Park } from '@/lib/booking/types';

/** Each park's own conditions as the partner gives them; parks without conditions are left out. */
export function ParkConditions({ parks }: { parks: ReadonlyArray<Pick<Park, 'id' | 'name' | 'conditions'>> }) {
  const t = useTranslations('legal');
  const withConditions = parks.filter((park) => park.conditions.trim() !== '');
  if (withConditions.length === 0) return <p>{t('cancellation.parksMissing')}</p>;
  return (
    <>
      <p>{t('cancellation.parksIntro')}</p>
      <ul className="space-y-4">
        {withConditions.map((park) => (
          <li key={park.id} id={`park-${park.id}`} className="rounded-lg border border-slate-200 bg-white p-4">
            <h3 className="font-semibold text-slate-950">{park.name || t('stayConditions.parkConditions')}</h3>
            <p className="mt-1 whitespace-pre-line">{park.conditions.trim()}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
