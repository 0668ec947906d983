import { useLocale, useTranslations } from 'next-intl';
import { MAX_STAY_NIGHTS, serializeCriteria, type CriteriaIssue } from '@/lib/booking/deep-link';
import { formatDate } from '@/lib/booking/date-format';
import { MAX_PERSONS, PARTY_LIMITS, isChildGroup } from '@/lib/booking/party';
import type { FilterIssue } from '@/lib/booking/search-filter-params';
import { Link } from '@/lib/i18n/navigation';
import { formatStayRange } from '@/components/ui/format';
import { toLocale } from '@/components/ui/locale';
import { Notice } from '@/components/ui/notice';
import { textLink } from '@/components/ui/styles';

/**
 * Explains every correction made to the address's criteria, in parameter order, then each filter
 * value the page left out or took the first of.
 */
export function CriteriaNotes({
  issues,
  filterIssues = [],
}: {
  issues: readonly CriteriaIssue[];
  filterIssues?: readonly FilterIssue[];
}) {
  const t = useTranslations('criteriaNotes');
  const party = useTranslations('party.labels');
  const form = useTranslations('searchForm');
  const filterLabel = useTranslations('refine.filters');
  const locale = toLocale(useLocale());
  if (issues.length === 0 && filterIssues.length === 0) return null;
  const fieldName = (param: CriteriaIssue['param']): string => {
    if (param === 'startDate' || param === 'endDate') return form(param);
    if (param === 'type') return t('typeField');
    if (param === 'park') return t('parkField');
    return party(param);
  };
  const limits = (param: CriteriaIssue['param']) =>
    param === 'adults' || param === 'pets' || isChildGroup(param) ? PARTY_LIMITS[param] : { min: 0, max: 0 };
  const unique = issues.filter(
    (issue, i) => issues.findIndex((o) => o.code === issue.code && o.param === issue.param) === i,
  );
  return (
    <Notice tone="warning" title={t('title')}>
      <ul className="list-disc space-y-1 pl-5">
        {unique.map((issue) => (
          <li key={`${issue.param}-${issue.code}`}>
            {t(`codes.${issue.code}`, {
              field: fieldName(issue.param),
              ...limits(issue.param),
              maxPersons: MAX_PERSONS,
              maxNights: MAX_STAY_NIGHTS,
              lastDate: issue.lastArrival ? formatDate(issue.lastArrival, locale, 'long') : '',
            })}
            {issue.latest?.startDate && issue.latest.endDate ? (
              <>
                {' '}
                {/* A search, also from a house page: a house's calendar lists arrivals only some
                    months ahead, while a search takes any date the partner books. */}
                <Link
                  href={`/search?${serializeCriteria(issue.latest).toString()}`}
                  className={textLink}
                  data-testid="latest-stay-link"
                >
                  {t('latestStay', {
                    range: formatStayRange(issue.latest.startDate, issue.latest.endDate, locale, 'long'),
                  })}
                </Link>
              </>
            ) : null}
          </li>
        ))}
        {filterIssues.map((issue) => (
          <li key={`${issue.param}-${issue.code}`}>
            {t(`codes.${issue.code}`, { field: filterLabel(`${issue.param}.label`) })}
          </li>
        ))}
      </ul>
    </Notice>
  );
}
