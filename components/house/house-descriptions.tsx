import { useTranslations } from 'next-intl';
import type { HouseDescriptions as Descriptions } from '@/lib/booking/types';
import { Section } from '@/components/ui/section';

const ORDER = ['interior', 'location', 'surroundings', 'parkConditions'] as const;

export function HouseDescriptions({ descriptions }: { descriptions: Descriptions }) {
  const t = useTranslations('house.descriptions');
  const present = ORDER.filter((key) => descriptions[key] !== '');
  if (present.length === 0) return null;
  return (
    <div className="space-y-6">
      {present.map((key) => (
        <Section key={key} id={`description-${key}`} heading={t(key)}>
          <p className="mt-2 leading-relaxed whitespace-pre-line text-slate-800">{descriptions[key]}</p>
        </Section>
      ))}
    </div>
  );
}
