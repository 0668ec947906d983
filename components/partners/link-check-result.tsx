'use client';

import { useLocale, useTranslations } from 'next-intl';
import { formatDateRange } from '@/lib/booking/date-format';
import type { Locale } from '@/lib/i18n/locales';
import type { LinkCheck } from '@/lib/marketing/check-link';
import { CriteriaNotes } from '@/components/search/criteria-notes';
import { usePartySummary } from '@/components/search/use-party-summary';

/** Each language's own name, where the browser cannot name it in the page's language. */
export const ENDONYMS: Record<Locale, string> = { nl: 'Nederlands', en: 'English', de: 'Deutsch', fr: 'Français' };

/** What the link builder's live check found: the page a guest lands on, the stay, the tags. */
export function CheckResult({ check }: { check: LinkCheck }) {
  const t = useTranslations('partners.links');
  const pageLocale = useLocale() as Locale;
  const summary = usePartySummary(check.criteria);
  const tags = Object.entries(check.campaign.tags).map(([name, value]) => `${name}=${value}`);
  const target = check.target;
  const lines: string[] = [];
  if (target.kind === 'house') {
    lines.push(target.status === 'active' ? t('check.house.active', { name: target.name ?? `#${check.targetId}` }) : t(`check.house.${target.status}`));
    if (target.status !== 'inactive') {
      lines.push(
        target.stay === 'bookable' && !check.explicit.dates && target.firstArrival
          ? t('check.stay.bookableNoDates', { date: target.firstArrival })
          : t(`check.stay.${target.stay}`),
      );
    }
  } else if (target.kind === 'park') {
    lines.push(target.status === 'known' ? t('check.park.known', { name: target.name ?? `#${check.targetId}` }) : t(`check.park.${target.status}`));
  } else {
    lines.push(target.status === 'unknown' ? t('check.search.unknown') : t(`check.search.${target.status}`, { count: target.count ?? 0 }));
  }
  // In the page's language, as the guest's pages write them: dates, and the link's language by name.
  const dates =
    check.explicit.dates && check.criteria.startDate && check.criteria.endDate
      ? formatDateRange(check.criteria.startDate, check.criteria.endDate, pageLocale, 'medium')
      : t('check.noDates');
  const language = new Intl.DisplayNames([pageLocale], { type: 'language' }).of(check.locale) ?? ENDONYMS[check.locale];
  const party = check.explicit.party ? summary : t('check.assumedParty');
  return (
    <div className="space-y-2 text-sm text-slate-900">
      <p>{t('check.page', { page: t(`form.pages.${check.page}`), language })}</p>
      <p>{t('check.guestSees', { summary: `${dates} · ${party}` })}</p>
      {check.issues.length === 0 ? <p>{t('check.noCorrections')}</p> : <CriteriaNotes issues={check.issues} />}
      {check.correctedLink ? (
        <p>
          {t('check.correctedLink')} <code className="break-all">{check.correctedLink}</code>
        </p>
      ) : null}
      <p>{tags.length > 0 ? t('check.campaignTags', { tags: tags.join(', ') }) : t('check.noCampaignTags')}</p>
      {check.campaign.invalid.length > 0 ? <p>{t('check.invalidTags', { params: check.campaign.invalid.join(', ') })}</p> : null}
      {check.ignoredParams.length > 0 ? <p>{t('check.ignored', { params: check.ignoredParams.join(', ') })}</p> : null}
      <ul className="list-disc space-y-1 pl-5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {check.stale ? <p>{t('check.stale')}</p> : null}
    </div>
  );
}
