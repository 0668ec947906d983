import type { Metadata } from 'next';
import { getLegalPageMetadata, openLegalPage } from '@/lib/site-content/page-metadata';
import { CompanyDetails } from '@/components/legal/company-details';
import { LegalPage, LegalSection } from '@/components/legal/legal-page';

const SECTIONS = ['cookies', 'browser', 'details', 'logs'] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/privacy'>): Promise<Metadata> {
  return getLegalPageMetadata((await params).locale, 'privacy');
}

export default async function PrivacyPage({ params }: PageProps<'/[locale]/privacy'>) {
  const { t, content } = await openLegalPage(params);
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
