import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { toTelHref, type SiteContent } from '@/lib/site-content/schema';
import { Notice } from '@/components/ui/notice';
import { textLink } from '@/components/ui/styles';

/**
 * The operator's contact and registration details, from the site content. Every field but the
 * name is optional: a row is shown only when the content gives it.
 */
export function CompanyDetails({ content }: { content: Pick<SiteContent, 'company' | 'example'> }) {
  const t = useTranslations('legal.company');
  const { company } = content;
  const rows: Array<{ key: string; label: string; value: ReactNode }> = [];
  if (company.address.length > 0)
    rows.push({ key: 'address', label: t('address'), value: <Lines lines={company.address} /> });
  if (company.phone)
    rows.push({
      key: 'phone',
      label: t('phone'),
      value: (
        <a href={toTelHref(company.phone)} className={`${textLink} inline-flex min-h-11 items-center`}>
          {company.phone}
        </a>
      ),
    });
  if (company.email)
    rows.push({
      key: 'email',
      label: t('email'),
      value: (
        <a href={`mailto:${company.email}`} className={`${textLink} inline-flex min-h-11 items-center break-all`}>
          {company.email}
        </a>
      ),
    });
  if (company.openingHours.length > 0)
    rows.push({ key: 'openingHours', label: t('openingHours'), value: <Lines lines={company.openingHours} /> });
  if (company.chamberOfCommerce)
    rows.push({ key: 'chamberOfCommerce', label: t('chamberOfCommerce'), value: company.chamberOfCommerce });
  if (company.vatNumber) rows.push({ key: 'vatNumber', label: t('vatNumber'), value: company.vatNumber });

  return (
    <div className="space-y-4">
      {content.example ? <Notice tone="warning">{t('example')}</Notice> : null}
      <p className="text-lg font-semibold text-slate-950">{company.name}</p>
      {rows.length > 0 ? (
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
          {rows.map((row) => (
            <div key={row.key} className="contents">
              <dt className="font-semibold text-slate-800 sm:flex sm:min-h-11 sm:items-center">{row.label}</dt>
              <dd className="text-slate-800 sm:flex sm:min-h-11 sm:flex-col sm:justify-center">{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

function Lines({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((line, index) => (
        <span key={index} className="block">
          {line}
        </span>
      ))}
    </>
  );
}
