import { useTranslations } from 'next-intl';
import { AreaIcon, BathIcon, BedIcon, PawIcon, PersonsIcon } from '@/components/ui/icons';

export interface FactsLineProps {
  persons: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  maxPets: number;
  surface: string | null;
}

/** The capacity facts of a result card, each with its icon and a full text label. */
export function HouseFactsLine({ persons, bedrooms, bathrooms, maxPets, surface }: FactsLineProps) {
  const t = useTranslations('facts');
  const items: Array<{ key: string; icon: typeof PersonsIcon; text: string }> = [];
  if (persons !== null) items.push({ key: 'persons', icon: PersonsIcon, text: t('persons', { count: persons }) });
  if (bedrooms !== null) items.push({ key: 'bedrooms', icon: BedIcon, text: t('bedrooms', { count: bedrooms }) });
  if (bathrooms !== null)
    items.push({ key: 'bathrooms', icon: BathIcon, text: t('bathrooms', { count: bathrooms }) });
  items.push({ key: 'pets', icon: PawIcon, text: maxPets > 0 ? t('pets', { count: maxPets }) : t('noPets') });
  if (surface) items.push({ key: 'surface', icon: AreaIcon, text: surface });
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
      {items.map(({ key, icon: Icon, text }) => (
        <li key={key} className="flex items-center gap-1.5">
          <Icon width={18} height={18} className="text-brand-700" />
          {text}
        </li>
      ))}
    </ul>
  );
}
