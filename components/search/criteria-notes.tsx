import { useTranslations } from 'next-intl';
import { MAX_STAY_NIGHTS, type CriteriaIssue } from '@/lib/booking/deep-link';
import { MAX_PERSONS, PARTY_LIMITS, isChildGroup } from '@/lib/booking/party';
import { Notice } from '@/components/ui/notice';

/** Explains every correction made to the address's criteria, in parameter order. */
export function CriteriaNotes({ issues }: { issues: readonly CriteriaIssue[] }) {
  const t = useTranslations('criteriaNotes');
  const party = useTranslations('party.labels');
  const form = useTranslations('searchForm');
  if (issues.length === 0) return null;
  const fieldName = (param: CriteriaIssue['param']): string => {
    if (param === 'startDate' || param === 'endDate') return form(param);
    if (param === 'type') return t('typeField');
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
            })}
          </li>
        ))}
      </ul>
    </Notice>
  );
}
