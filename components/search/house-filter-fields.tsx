import { useLocale, useTranslations } from 'next-intl';
import { SEARCH_FILTER_PARAMS, type SearchFilterParam } from '@/lib/booking/deep-link';
import { formatMoney } from '@/lib/booking/money';
import type { SearchFilters } from '@/lib/booking/search-filter-params';
import type { FilterChoices } from '@/lib/booking/search-filters';
import { cx } from '@/components/ui/cx';
import { toLocale } from '@/components/ui/locale';
import { fieldInput, fieldLabel } from '@/components/ui/styles';

/**
 * The filters on the houses found (bedrooms, bathrooms, surface, total price), each a plain select
 * of the refine form whose options say how many houses they leave: the guest sees before applying
 * which choice still finds something. A filter without choices (no house says the value) is not
 * offered; one the address applies is always shown, so it can be undone.
 */
export function HouseFilterFields({
  filters,
  choices,
}: {
  filters: SearchFilters;
  choices: Record<SearchFilterParam, FilterChoices>;
}) {
  const t = useTranslations('refine.filters');
  const locale = toLocale(useLocale());
  const optionText = (param: SearchFilterParam, limit: number, count: number): string =>
    param === 'maxPrice'
      ? t('maxPrice.option', { amount: formatMoney(limit, locale, { hideZeroCents: true }), count })
      : t(`${param}.option`, { limit, count });
  return (
    <>
      {SEARCH_FILTER_PARAMS.map((param) => {
        const { any: anyCount, choices: options } = choices[param];
        if (options.length === 0) return null;
        const id = `refine-${param}`;
        return (
          // Two to a row on a phone: four full-width selects would push the results a screen down.
          <div key={param} className="min-w-0 sm:w-44">
            <label htmlFor={id} className={fieldLabel}>
              {t(`${param}.label`)}
            </label>
            <select
              id={id}
              name={param}
              defaultValue={filters[param] === undefined ? '' : String(filters[param])}
              className={cx(fieldInput, 'mt-1')}
            >
              <option value="">{t('any', { count: anyCount })}</option>
              {options.map(({ limit, count }) => (
                <option key={limit} value={String(limit)}>
                  {optionText(param, limit, count)}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </>
  );
}
