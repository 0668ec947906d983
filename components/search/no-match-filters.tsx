import { useLocale, useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/booking/money';
import type { FilterBlock } from '@/lib/booking/search-filters';
import { Link } from '@/lib/i18n/navigation';
import { toLocale } from '@/components/ui/locale';
import { textLink } from '@/components/ui/styles';

/** A filter that emptied the list, and the address of the same search without it. */
export interface BlockingFilter extends FilterBlock {
  href: string;
}

/**
 * Why the filters left no house of those found: each filter that alone emptied the list, with how
 * many houses miss its limit and a link to the same search without it; or, when only dropping
 * several helps, that they do not go together, with a link without any of them.
 */
export function NoMatchFilters({
  blocks,
  clearAllHref,
}: {
  blocks: readonly BlockingFilter[];
  clearAllHref: string;
}) {
  const t = useTranslations('noResults.filters');
  const locale = toLocale(useLocale());
  if (blocks.length === 0) {
    return (
      <div className="mt-2 space-y-2 text-slate-800" data-testid="no-match-filters">
        <p>{t('together')}</p>
        <p>
          <Link href={clearAllHref} className={textLink}>
            {t('removeAll')}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <ul className="mt-2 space-y-3 text-slate-800" data-testid="no-match-filters">
      {blocks.map((block) => {
        const values = {
          limit: block.limit,
          amount: formatMoney(block.limit, locale, { hideZeroCents: true }),
          missed: block.missed,
          count: block.without,
        };
        return (
          <li key={block.param}>
            <p>{t(`reason.${block.param}`, values)}</p>
            <Link href={block.href} className={textLink}>
              {t(`remove.${block.param}`, values)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
