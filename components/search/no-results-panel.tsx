import { useLocale, useTranslations } from 'next-intl';
import { serializeCriteria, type SearchCriteria } from '@/lib/booking/deep-link';
import { countPersons } from '@/lib/booking/party';
import { formatStayRange } from '@/components/ui/format';
import { Link } from '@/lib/i18n/navigation';
import { toLocale } from '@/components/ui/locale';
import { textLink } from '@/components/ui/styles';
import { countNights } from '@/lib/booking/dates';
import type { Diagnosis, NearbyStay } from '@/lib/pages/search-diagnosis';
import { NoMatchFilters, type BlockingFilter } from './no-match-filters';
import { cx } from '@/components/ui/cx';
import { Section, panel } from '@/components/ui/section';

function searchHref(criteria: Partial<SearchCriteria>): string {
  const query = serializeCriteria(criteria).toString();
  return query ? `/search?${query}` : '/search';
}

/** Stays that will find something, each a link to its search with the number of houses free. */
function StayLinks({
  title,
  stays,
  criteria,
  describe,
}: {
  title: string;
  stays: NearbyStay[];
  criteria: SearchCriteria;
  describe: (stay: NearbyStay) => string;
}) {
  const locale = toLocale(useLocale());
  if (stays.length === 0) return null;
  return (
    <div className="mt-4">
      <h4 className="font-semibold text-slate-900">{title}</h4>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {stays.map((stay) => (
          <li key={`${stay.startDate}/${stay.endDate}`}>
            <Link
              href={searchHref({ ...criteria, startDate: stay.startDate, endDate: stay.endDate })}
              className="flex min-h-11 flex-col rounded-lg border border-slate-300 bg-white px-4 py-2 hover:border-brand-600"
            >
              <span className="font-medium text-brand-700 underline underline-offset-2">
                {formatStayRange(stay.startDate, stay.endDate, locale, 'long')}
              </span>
              <span className="text-sm text-slate-700">{describe(stay)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Nothing found: the reason in plain words, and searches that will find something. */
export function NoResultsPanel({
  criteria,
  diagnosis,
  filteredOutByPets,
  filteredOut,
}: {
  criteria: SearchCriteria;
  diagnosis: Diagnosis | null;
  /** The partner found houses, but the pets filter hid them all. */
  filteredOutByPets: boolean;
  /** Houses were found, but the filters on them (bedrooms, surface, price…) left none. */
  filteredOut?: { blocks: readonly BlockingFilter[]; clearAllHref: string } | undefined;
}) {
  const t = useTranslations('noResults');
  const { startDate: _s, endDate: _e, ...withoutDates } = criteria;
  const { type: _t, ...withoutType } = criteria;
  const reason = filteredOutByPets ? 'petsFilter' : (diagnosis?.reason ?? 'unknown');
  const persons = countPersons(criteria);
  const nights =
    criteria.startDate !== undefined && criteria.endDate !== undefined
      ? countNights(criteria.startDate, criteria.endDate)
      : 0;
  return (
    <Section
      id="no-results-heading"
      heading={t('title')}
      level={3}
      headingClassName="text-lg font-semibold text-slate-950"
      className={cx(panel.muted, 'p-5 sm:p-6')}
    >
      {filteredOut && !filteredOutByPets ? (
        <NoMatchFilters blocks={filteredOut.blocks} clearAllHref={filteredOut.clearAllHref} />
      ) : (
        <p className="mt-2 text-slate-800">
          {t(`reasons.${reason}`, { persons, pets: criteria.pets, nights })}
        </p>
      )}
      {diagnosis ? (
        <>
          <StayLinks
            title={t('longerTitle')}
            stays={diagnosis.longer}
            criteria={criteria}
            describe={(stay) =>
              `${t('longerNights', { nights: countNights(stay.startDate, stay.endDate) })} · ${t('houses', { count: stay.count })}`
            }
          />
          <StayLinks
            title={t('nearbyTitle')}
            stays={diagnosis.nearby}
            criteria={criteria}
            describe={(stay) => t('houses', { count: stay.count })}
          />
        </>
      ) : null}
      <ul className="mt-4 space-y-2">
        {(
          [
            [filteredOutByPets, criteria, 'clearPetsFilter'],
            [criteria.type !== undefined, withoutType, 'allTypes'],
            [criteria.startDate !== undefined, withoutDates, 'anyDates'],
            [reason === 'pets', { ...criteria, pets: 0 }, 'withoutPets'],
          ] as const
        ).map(([shown, target, action]) =>
          shown ? (
            <li key={action}>
              <Link href={searchHref(target)} className={textLink}>
                {t(`actions.${action}`)}
              </Link>
            </li>
          ) : null,
        )}
      </ul>
    </Section>
  );
}
