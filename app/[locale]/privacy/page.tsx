import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { routing } from '@/lib/i18n/routing';
import { getLegalPageMetadata } from '@/lib/site-content/page-metadata';
import { getSiteContent } from '@/lib/site-content/read';
import { CompanyDetails } from '@/components/legal/company-details';
import { LegalPage, LegalSection } from '@/components/legal/legal-page';

const SECTIONS = ['cookies', 'browser', 'details', 'logs'] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/privacy'>): Promise<Metadata> {
  return getLegalPageMetadata((await params).locale, 'privacy');
}

export default async function PrivacyPage({ params }: PageProps<'/[locale]/privacy'>) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  // Per request for the CSP nonce; the content file is read once per process (see the contact page).
  await connection();
  const t = await getTranslations('legal');
  const content = getSiteContent(locale);
  return (
    <LegalPage title={t('privacy.title')} intro={<p>{t('privacy.intro')}</p>} notes={content.notes.privacy}>
      {SECTIONS.map((section) => (
        <LegalSection key={section} id={section} heading={t(`privacy.${section}Heading`)}>
          <p>{t(`privacy.${section}`)}</p>
        </LegalSection>
      ))}
      <LegalSection id="rights" heading={t('privacy.rightsHeading')}>
        <p>{t('privacy.rights', { company: content.company.name })}</p>
        <CompanyDetails content={content} />
      </LegalSection>
    </LegalPage>
  );
}
