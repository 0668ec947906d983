import type { Metadata } from 'next';
import { getSiteEnv } from '@/lib/env';
import { getLegalPageMetadata, openLegalPage } from '@/lib/site-content/page-metadata';
import { privacySettingsOf, privacyStatements } from '@/lib/site-content/privacy-statements';
import { CompanyDetails } from '@/components/legal/company-details';
import { LegalPage, LegalSection } from '@/components/legal/legal-page';

const BEFORE = ['cookies', 'browser'] as const;
const AFTER = ['details', 'logs'] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/privacy'>): Promise<Metadata> {
  return getLegalPageMetadata((await params).locale, 'privacy');
}

export default async function PrivacyPage({ params }: PageProps<'/[locale]/privacy'>) {
  const { t, content } = await openLegalPage(params);
  // Analytics and the booking ledger as this server runs them: read per request, like the page.
  const statements = privacyStatements(privacySettingsOf(getSiteEnv()));
  const fixed = (section: (typeof BEFORE)[number] | (typeof AFTER)[number]) => (
    <LegalSection key={section} id={section} heading={t(`privacy.${section}Heading`)}>
      <p>{t(`privacy.${section}`)}</p>
    </LegalSection>
  );
  return (
    <LegalPage title={t('privacy.title')} intro={<p>{t('privacy.intro')}</p>} notes={content.notes.privacy}>
      {BEFORE.map(fixed)}
      {statements.map(({ id, heading, paragraphs }) => (
        <LegalSection key={id} id={id} heading={t(`privacy.${heading}` as 'privacy.analyticsHeading')}>
          {paragraphs.map(({ key, values }) => (
            <p key={key}>{t(`privacy.${key}` as 'privacy.ledgerOn', values as { days: number })}</p>
          ))}
        </LegalSection>
      ))}
      {AFTER.map(fixed)}
      <LegalSection id="rights" heading={t('privacy.rightsHeading')}>
        <p>{t('privacy.rights', { company: content.company.name })}</p>
        <CompanyDetails content={content} />
      </LegalSection>
    </LegalPage>
  );
}
