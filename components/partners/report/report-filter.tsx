import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import type { ReportQuery } from '@/lib/ledger/report';
import { Notice } from '@/components/ui/notice';
import { panel } from '@/components/ui/section';
import { buttonPrimary, fieldInput, fieldLabel, textLink } from '@/components/ui/styles';

/**
 * The range the report shows, as a plain GET form: the address is the report, so a partner can
 * bookmark or share a period. The CSV link asks the download route for the same range.
 */
export async function ReportFilter({
  locale,
  query,
  invalidRange,
}: {
  locale: Locale;
  query: ReportQuery;
  invalidRange: boolean;
}) {
  const t = await getTranslations('partners.report');
  const csv = `/api/partners/report.csv?${new URLSearchParams({ ...query }).toString()}`;
  return (
    <div className="space-y-3">
      {invalidRange ? (
        <Notice tone="warning" role="status">
          {t('filter.invalid')}
        </Notice>
      ) : null}
      <form
        method="get"
        action={`/${locale}/partners/report`}
        aria-label={t('filter.heading')}
        className={`${panel.muted} flex flex-wrap items-end gap-4 p-4`}
      >
        {(['from', 'to'] as const).map((name) => (
          <div key={name}>
            <label htmlFor={`report-${name}`} className={fieldLabel}>
              {t(`filter.${name}`)}
            </label>
            <input
              id={`report-${name}`}
              name={name}
              type="date"
              defaultValue={query[name]}
              className={fieldInput}
            />
          </div>
        ))}
        <div>
          <label htmlFor="report-group" className={fieldLabel}>
            {t('filter.groupBy')}
          </label>
          <select id="report-group" name="groupBy" defaultValue={query.groupBy} className={fieldInput}>
            <option value="day">{t('filter.day')}</option>
            <option value="month">{t('filter.month')}</option>
          </select>
        </div>
        <button type="submit" className={buttonPrimary}>
          {t('filter.submit')}
        </button>
      </form>
      <p>
        <a href={csv} className={textLink} download>
          {t('csv')}
        </a>
      </p>
    </div>
  );
}
