import { useTranslations } from 'next-intl';
import { countChildren, type Party } from '@/lib/booking/party';

/** "2 adults, 1 child, 1 pet" in the page language. */
export function usePartySummary(party: Party): string {
  const t = useTranslations('party.summary');
  const adults = Number.isFinite(party.adults) ? party.adults : 0;
  const children = countChildren({
    child0002: safe(party.child0002),
    child0304: safe(party.child0304),
    child0512: safe(party.child0512),
    child1317: safe(party.child1317),
  });
  const pets = safe(party.pets);
  const parts = [t('adults', { count: adults })];
  if (children > 0) parts.push(t('children', { count: children }));
  if (pets > 0) parts.push(t('pets', { count: pets }));
  return parts.join(', ');
}

function safe(value: number): number {
  return Number.isFinite(value) ? value : 0;
}
