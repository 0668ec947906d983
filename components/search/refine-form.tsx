import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { serializeCriteria, type SearchCriteria, type SearchFilterParam } from '@/lib/booking/deep-link';
import { serializeSearchFilters, type SearchFilters } from '@/lib/booking/search-filter-params';
import type { FilterChoices } from '@/lib/booking/search-filters';
import type { HouseType, Park } from '@/lib/booking/types';
import { Link } from '@/lib/i18n/navigation';
import { GetForm } from '@/components/ui/get-form';
import { buttonSecondary, fieldInput, fieldLabel, textLink } from '@/components/ui/styles';
import { cx } from '@/components/ui/cx';
import { DEFAULT_SORT, RESULTS_HEADING_ID, SORT_OPTIONS, type SortOption } from './result-options';
import { HouseFilterFields } from './house-filter-fields';

/**
 * Sort order, house type, park, the filters on the houses found and the pets filter. The criteria of the current search travel
 * along as hidden fields, so the form works as plain HTML. A park filter (from a park page or a
 * partner's link) shows as a note with a link that removes it.
 */
export function RefineForm({
  locale,
  criteria,
  explicitDates,
  sort,
  petsAllowed,
  houseTypes,
  parks = [],
  typesUnsearchable = false,
  parksUnidentified = false,
  filters = {},
  filterChoices,
}: {
  locale: string;
  criteria: SearchCriteria;
  explicitDates: boolean;
  sort: SortOption;
  petsAllowed: boolean;
  houseTypes: HouseType[];
  /** The parks to choose from; with fewer than two there is nothing to choose. */
  parks?: Park[];
  /** The partner names house types, but its search cannot be narrowed by any of them. */
  typesUnsearchable?: boolean;
  /** The partner describes parks without the ids a park filter needs. */
  parksUnidentified?: boolean;
  /** The filters on the houses found that the address applies. */
  filters?: SearchFilters;
  /** Their choices with the houses each leaves; without them the filters are not offered. */
  filterChoices?: Record<SearchFilterParam, FilterChoices> | undefined;
}) {
  const t = useTranslations('refine');
  const parksT = useTranslations('parks');
  const chooseablePark = parks.length > 1;
  const { type: _type, park: _park, ...rest } = criteria;
  const kept = explicitDates ? rest : { ...rest, startDate: undefined, endDate: undefined };
  // Without a park field the park filter travels along like the other criteria.
  const hidden = serializeCriteria(chooseablePark ? kept : { ...kept, park: criteria.park });
  const bringsPets = criteria.pets > 0;
  const activePark =
    criteria.park === undefined ? undefined : parks.find((park) => park.id === criteria.park);
  const allParks = serializeCriteria({ ...kept, type: criteria.type });
  if (sort !== DEFAULT_SORT) allParks.set('sort', sort);
  if (petsAllowed) allParks.set('petsAllowed', '1');
  serializeSearchFilters(filters, allParks);
  return (
    <GetForm
      action={`/${locale}/search`}
      pathname="/search"
      focusAfter={RESULTS_HEADING_ID}
      aria-label={t('label')}
      className="grid grid-cols-2 items-end gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:flex sm:flex-wrap"
    >
      {[...hidden].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {criteria.park !== undefined ? (
        <p className="col-span-2 flex flex-wrap items-center gap-x-3 sm:w-full" data-testid="park-filter">
          <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
            {activePark
              ? parksT('filter.active', { name: activePark.name || parksT('unnamed', { id: activePark.id }) })
              : parksT('filter.activeUnnamed')}
          </span>
          <Link
            href={allParks.toString() ? `/search?${allParks.toString()}` : '/search'}
            className={cx(textLink, 'inline-flex min-h-11 items-center text-sm')}
          >
            {parksT('filter.remove')}
          </Link>
        </p>
      ) : null}
      {/* Full width on a phone: half of it cuts the longer options ("Preis: aufsteigend"). */}
      <div className="col-span-2 min-w-0 sm:col-span-1 sm:w-52">
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
      {houseTypes.length === 0 && criteria.type === undefined ? (
        // Nothing to choose from (the partner's list of house types is empty or missing): said, not
        // offered as a list with one entry.
        <p className="col-span-2 self-center text-sm text-slate-700 sm:col-span-1 sm:w-52">
          {t(typesUnsearchable ? 'typesUnsearchable' : 'noTypes')}
        </p>
      ) : (
        <FilterSelect name="type" label={t('type')} all={t('allTypes')} value={criteria.type}>
          {/* A link's type the partner's list does not name (it may give names only): kept, and shown. */}
          {criteria.type !== undefined && !houseTypes.some((type) => type.id === criteria.type) ? (
            <option value={criteria.type}>{t('typeFromLink', { id: criteria.type })}</option>
          ) : null}
          {houseTypes.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </FilterSelect>
      )}
      {chooseablePark ? (
        <FilterSelect name="park" label={parksT('filter.label')} all={parksT('filter.all')} value={criteria.park}>
          {parks.map((park) => (
            <option key={park.id} value={park.id}>
              {park.name || parksT('unnamed', { id: park.id })}
            </option>
          ))}
        </FilterSelect>
      ) : parksUnidentified && criteria.park === undefined ? (
        // Parks the partner describes but does not identify: said, not left out without a word.
        <p className="col-span-2 self-center text-sm text-slate-700 sm:col-span-1 sm:w-52">
          {parksT('filter.unidentified')}
        </p>
      ) : null}
      {filterChoices ? <HouseFilterFields filters={filters} choices={filterChoices} /> : null}
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

/** One of the search's id filters: "all" first, then the ids to narrow to; `value` the one chosen. */
function FilterSelect({
  name,
  label,
  all,
  value,
  children,
}: {
  name: 'type' | 'park';
  label: string;
  all: string;
  value: number | undefined;
  children: ReactNode;
}) {
  return (
    <div className="col-span-2 min-w-0 sm:col-span-1 sm:w-52">
      <label htmlFor={`refine-${name}`} className={fieldLabel}>
        {label}
      </label>
      <select
        id={`refine-${name}`}
        name={name}
        defaultValue={value !== undefined ? String(value) : ''}
        className={cx(fieldInput, 'mt-1')}
      >
        <option value="">{all}</option>
        {children}
      </select>
    </div>
  );
}
