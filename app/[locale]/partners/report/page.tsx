import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { isSecureSite } from '@/lib/env';
import { reportCookieName } from '@/lib/ledger/report-cookie';
import { loadReportPage } from '@/lib/ledger/report-page-data';
import { ReportChart } from '@/components/partners/report/report-chart';
import { ReportFilter } from '@/components/partners/report/report-filter';
import { ReportSignIn, ReportSignOut } from '@/components/partners/report/report-sign-in';
import { ReportTable } from '@/components/partners/report/report-table';

// Typed by hand rather than with the generated PageProps, which know a route only after a build.
interface ReportPageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: Pick<ReportPageProps, 'params'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'partners.report' });
  // A partner's own figures behind a token: nothing for a search engine to list or follow.
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

/** One value of each query parameter, as the report reads them. */
function queryOf(searchParams: Record<string, string | string[] | undefined>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(searchParams)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) query.set(name, first);
  }
  return query;
}

/**
 * The partner's bookings report in the browser (docs/ledger.md): the ledger's landings and
 * bookings per campaign, behind a sign-in with the report token. No page at all without a report
 * token or with the ledger off. Never stored: it carries one partner's figures.
 */
export default async function PartnerReportPage({ params, searchParams }: ReportPageProps) {
  const { locale: raw } = await params;
  if (!isLocale(raw)) notFound();
  const locale: Locale = raw;
  setRequestLocale(locale);
  const cookie = (await cookies()).get(reportCookieName(isSecureSite()))?.value;
  const state = await loadReportPage({ cookie, params: queryOf(await searchParams) });
  if (state.kind === 'absent') notFound();
  const t = await getTranslations('partners.report');
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-2">
          <h1 className="text-2xl font-bold text-slate-950 sm:text-3xl">{t('heading')}</h1>
          <p className="max-w-3xl text-slate-700">{t('intro')}</p>
        </div>
        {state.kind === 'report' ? <ReportSignOut locale={locale} /> : null}
      </div>
      {state.kind === 'sign-in' ? (
        <ReportSignIn locale={locale} error={state.error} />
      ) : (
        <>
          <ReportFilter locale={locale} query={state.query} invalidRange={state.invalidRange} />
          <ReportChart
            bars={state.view.bars}
            groupBy={state.query.groupBy}
            from={state.query.from}
            to={state.query.to}
            locale={locale}
          />
          <ReportTable lines={state.view.lines} totals={state.view.totals} locale={locale} />
        </>
      )}
    </div>
  );
}
