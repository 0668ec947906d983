import { useTranslations } from 'next-intl';
import { SEARCH_FILTER_PARAMS, type SearchFilterParam } from '@/lib/booking/deep-link';

/**
 * Says how many houses a filter leaves out because they do not give the value it compares (no
 * bedroom count, a surface the site cannot read, no price for the party): without it a guest
 * would take the list for every house that fits.
 */
export function FilterNotes({ unknown }: { unknown: Partial<Record<SearchFilterParam, number>> }) {
  const t = useTranslations('refine.unknown');
  const notes = SEARCH_FILTER_PARAMS.flatMap((param) => {
    const count = unknown[param];
    return count ? [{ param, count }] : [];
  });
  if (notes.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm text-slate-700" data-testid="filter-notes">
      {notes.map(({ param, count }) => (
        <li key={param}>{t(param, { count })}</li>
      ))}
    </ul>
  );
}
