import { useTranslations } from 'next-intl';
import type { HouseDescriptions as Descriptions } from '@/lib/booking/types';

const ORDER = ['interior', 'location', 'surroundings', 'parkConditions'] as const;

export function HouseDescriptions({ descriptions }: { descriptions: Descriptions }) {
  const t = useTranslations('house.descriptions');
  const present = ORDER.filter((key) => descriptions[key] !== '');
  if (present.length === 0) return null;
  return (
    <div className="space-y-6">
      {present.map((key) => (
        <section key={key} aria-labelledby={`description-${key}`}>
          <h2 id={`description-${key}`} className="text-xl font-bold text-slate-950">
            {t(key)}
          </h2>
          <p className="mt-2 leading-relaxed whitespace-pre-line text-slate-800">{descriptions[key]}</p>
        </section>
      ))}
    </div>
  );
}
