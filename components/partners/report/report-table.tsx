import { getTranslations } from 'next-intl/server';
import { formatMoney, formatNumber, formatPercent } from '@/lib/booking/money';
import type { Locale } from '@/lib/i18n/locales';
import type { CampaignLine, ReportFigures } from '@/lib/ledger/report';
import { Section } from '@/components/ui/section';

const TAGS = ['source', 'medium', 'campaign', 'cid'] as const;
const CELL = 'border-b border-slate-200 px-3 py-2';

/** The figures of one line, the same cells for a campaign and for the totals. */
function Figures({ figures, locale, none }: { figures: ReportFigures; locale: Locale; none: string }) {
  const conversion =
    figures.conversion === null ? none : formatPercent(Math.round(figures.conversion * 1000) / 10, locale);
  return (
    <>
      <td className={`${CELL} text-right tabular-nums`}>{formatNumber(figures.visits, locale)}</td>
      <td className={`${CELL} text-right tabular-nums`}>{formatNumber(figures.bookings, locale)}</td>
      <td className={`${CELL} text-right tabular-nums`}>{conversion}</td>
      <td className={`${CELL} text-right tabular-nums`}>{formatMoney(figures.bookedValue, locale)}</td>
    </>
  );
}

/** One line per campaign over the whole range, and their totals. */
export async function ReportTable({
  lines,
  totals,
  locale,
}: {
  lines: readonly CampaignLine[];
  totals: ReportFigures;
  locale: Locale;
}) {
  const t = await getTranslations('partners.report.table');
  const none = t('none');
  return (
    <Section id="report-campaigns" heading={t('heading')} className="space-y-3">
      {lines.length === 0 ? (
        <p className="text-slate-700">{t('empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="report-table">
            <caption className="sr-only">{t('caption')}</caption>
            <thead>
              <tr className="text-left">
                {TAGS.map((tag) => (
                  <th key={tag} scope="col" className={CELL}>
                    {t(tag)}
                  </th>
                ))}
                {(['landings', 'bookings', 'conversion', 'bookedValue'] as const).map((name) => (
                  <th key={name} scope="col" className={`${CELL} text-right`}>
                    {t(name)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={JSON.stringify(TAGS.map((tag) => line[tag]))}>
                  {TAGS.map((tag) => (
                    <td key={tag} className={`${CELL} break-all`}>
                      {line[tag] || none}
                    </td>
                  ))}
                  <Figures figures={line} locale={locale} none={none} />
                </tr>
              ))}
            </tbody>
            <tfoot className="font-semibold">
              <tr>
                <th scope="row" colSpan={TAGS.length} className={`${CELL} text-left`}>
                  {t('total')}
                </th>
                <Figures figures={totals} locale={locale} none={none} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </Section>
  );
}
