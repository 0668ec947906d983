import { useTranslations } from 'next-intl';
import { serializeCriteria, type SearchCriteria } from '@/lib/booking/deep-link';
import type { HouseType } from '@/lib/booking/types';
import { GetForm } from '@/components/ui/get-form';
import { buttonSecondary, fieldInput, fieldLabel } from '@/components/ui/styles';
import { cx } from '@/components/ui/cx';
import { SORT_OPTIONS, type SortOption } from './result-options';

/**
 * Sort order, house type and the pets filter. The criteria of the current search travel along
 * as hidden fields, so the form works as plain HTML.
 */
export function RefineForm({
  locale,
  criteria,
  explicitDates,
  sort,
  petsAllowed,
  houseTypes,
}: {
  locale: string;
  criteria: SearchCriteria;
  explicitDates: boolean;
  sort: SortOption;
  petsAllowed: boolean;
  houseTypes: HouseType[];
}) {
  const t = useTranslations('refine');
  const { type: _type, ...rest } = criteria;
  const hidden = serializeCriteria(
    explicitDates ? rest : { ...rest, startDate: undefined, endDate: undefined },
  );
  const bringsPets = criteria.pets > 0;
  return (
    <GetForm
      action={`/${locale}/search`}
      pathname="/search"
      aria-label={t('label')}
      className="grid grid-cols-2 items-end gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:flex sm:flex-wrap"
    >
      {[...hidden].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="min-w-0 sm:w-52">
        <label htmlFor="refine-sort" className={fieldLabel}>
          {t('sort')}
        </label>
        <select id="refine-sort" name="sort" defaultValue={sort} className={cx(fieldInput, 'mt-1')}>
          {SORT_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {t(`sortOptions.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0 sm:w-52">
        <label htmlFor="refine-type" className={fieldLabel}>
          {t('type')}
        </label>
        <select
          id="refine-type"
          name="type"
          defaultValue={criteria.type !== undefined ? String(criteria.type) : ''}
          className={cx(fieldInput, 'mt-1')}
        >
          <option value="">{t('allTypes')}</option>
          {houseTypes.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 flex min-h-11 items-center sm:col-span-1">
        {bringsPets ? (
          <p className="text-sm text-slate-800">{t('petsIncluded', { count: criteria.pets })}</p>
        ) : (
          <label className="flex min-h-11 cursor-pointer items-center gap-2 font-medium text-slate-900">
            <input
              type="checkbox"
              name="petsAllowed"
              value="1"
              defaultChecked={petsAllowed}
              className="size-5 accent-brand-600"
            />
            {t('petsAllowed')}
          </label>
        )}
      </div>
      <button type="submit" className={cx(buttonSecondary, 'col-span-2 sm:col-span-1')}>
        {t('apply')}
      </button>
    </GetForm>
  );
}
