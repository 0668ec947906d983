import { getTranslations } from 'next-intl/server';
import { formatDate, formatMonth } from '@/lib/booking/date-format';
import type { Locale } from '@/lib/i18n/locales';
import type { ReportGrouping } from '@/lib/ledger/report';
import type { ChartBar } from '@/lib/ledger/report-view';
import { Section } from '@/components/ui/section';

/** Past this many bars, only every few get a label under it, so labels never overlap. */
const LABELLED_BARS = 31;

function periodName(period: string, groupBy: ReportGrouping, locale: Locale): string {
  return groupBy === 'day' ? formatDate(period, locale) : formatMonth(period, locale);
}

/**
 * Bookings per period as a CSS bar chart, one bar per period. The bars are drawn for the eye
 * only: a summary sentence and the table under it say the same in text, for screen readers and
 * for anyone who wants the numbers.
 */
export async function ReportChart({
  bars,
  groupBy,
  from,
  to,
  locale,
}: {
  bars: readonly ChartBar[];
  groupBy: ReportGrouping;
  from: string;
  to: string;
  locale: Locale;
}) {
  const t = await getTranslations('partners.report.chart');
  const bookings = bars.reduce((sum, bar) => sum + bar.bookings, 0);
  const most = bars.reduce((max, bar) => Math.max(max, bar.bookings), 0);
  const every = Math.ceil(bars.length / LABELLED_BARS);
  return (
    <Section id="report-chart" heading={t('heading')} className="space-y-3">
      <p className="text-slate-700">
        {t('summary', {
          bookings: String(bookings),
          most: String(most),
          from: formatDate(from, locale),
          to: formatDate(to, locale),
        })}
      </p>
      <div aria-hidden="true" className="flex h-48 items-end gap-px border-b border-slate-400 pt-5">
        {bars.map((bar, i) => (
          <div key={bar.period} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end">
            {bar.bookings > 0 && bars.length <= LABELLED_BARS ? (
              <span className="text-xs text-slate-700">{bar.bookings}</span>
            ) : null}
            <div
              className="w-full rounded-t bg-brand-600"
              style={{ height: `${Math.round(bar.share * 100)}%` }}
              title={`${periodName(bar.period, groupBy, locale)}: ${bar.bookings}`}
            />
            <span className="mt-1 h-4 text-[0.65rem] leading-4 text-slate-700">
              {i % every === 0
                ? groupBy === 'day'
                  ? String(Number(bar.period.slice(8)))
                  : bar.period.slice(5)
                : ''}
            </span>
          </div>
        ))}
      </div>
      <details>
        <summary className="cursor-pointer text-sm text-slate-800">{t('table')}</summary>
        <table className="mt-2 text-sm">
          <caption className="sr-only">{t('table')}</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-4 text-left">
                {t('period')}
              </th>
              <th scope="col" className="pr-4 text-right">
                {t('bookings')}
              </th>
              <th scope="col" className="text-right">
                {t('landings')}
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.period}>
                <th scope="row" className="pr-4 text-left font-normal">
                  {periodName(bar.period, groupBy, locale)}
                </th>
                <td className="pr-4 text-right tabular-nums">{bar.bookings}</td>
                <td className="text-right tabular-nums">{bar.visits}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </Section>
  );
}
