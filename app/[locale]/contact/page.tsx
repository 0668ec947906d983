import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { Link } from '@/lib/i18n/navigation';
import { routing } from '@/lib/i18n/routing';
import { getLegalPageMetadata } from '@/lib/site-content/page-metadata';
import { getSiteContent } from '@/lib/site-content/read';
import { CompanyDetails } from '@/components/legal/company-details';
import { LegalPage, LegalSection } from '@/components/legal/legal-page';
import { textLink } from '@/components/ui/styles';

export async function generateMetadata({ params }: PageProps<'/[locale]/contact'>): Promise<Metadata> {
  return getLegalPageMetadata((await params).locale, 'contact');
}

export default async function ContactPage({ params }: PageProps<'/[locale]/contact'>) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  // Rendered per request, like every page: scripts run only with this response's CSP nonce, and
  // the content file is read at run time (once per process), so changing it needs no new build.
  await connection();
  const t = await getTranslations('legal');
  const content = getSiteContent(locale);
  return (
    <LegalPage title={t('contact.title')} intro={<p>{t('contact.intro')}</p>} notes={content.notes.contact}>
      <LegalSection id="company" heading={t('company.heading')}>
        <CompanyDetails content={content} />
      </LegalSection>
      <p>
        <Link href="/help" className={`${textLink} inline-flex min-h-11 items-center`}>
          {t('contact.helpLink')}
        </Link>
      </p>
    </LegalPage>
  );
}
