import { useTranslations } from 'next-intl';
import type { Fact, FactKey } from '@/lib/booking/types';
import { AreaIcon, BathIcon, BedIcon, CarIcon, PawIcon, PersonsIcon } from '@/components/ui/icons';

const ICONS: Record<FactKey, typeof PersonsIcon> = {
  persons: PersonsIcon,
  bedrooms: BedIcon,
  bathrooms: BathIcon,
  beds: BedIcon,
  pets: PawIcon,
  surface: AreaIcon,
  parking: CarIcon,
};

/** Every translated fact the partner sent, with its own label (ours when it sent none). */
export function HouseFacts({ facts }: { facts: Fact[] }) {
  const t = useTranslations('house.factLabels');
  if (facts.length === 0) return null;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
      {facts.map((fact) => {
        const Icon = ICONS[fact.key];
        return (
          <div key={fact.key} className="rounded-lg border border-slate-200 bg-white px-3 py-2">
            <dt className="flex items-center gap-2 text-sm text-slate-700">
              <Icon className="shrink-0 text-brand-700" width={18} height={18} />
              {fact.label || t(fact.key)}
            </dt>
            <dd className="mt-0.5 text-lg font-semibold text-slate-950">{fact.value}</dd>
          </div>
        );
      })}
    </dl>
  );
}
