import type { Metadata } from 'next';
import { Link } from '@/lib/i18n/navigation';
import { getLegalPageMetadata, openLegalPage } from '@/lib/site-content/page-metadata';
import { CompanyDetails } from '@/components/legal/company-details';
import { LegalPage, LegalSection } from '@/components/legal/legal-page';
import { textLink } from '@/components/ui/styles';

export async function generateMetadata({ params }: PageProps<'/[locale]/contact'>): Promise<Metadata> {
  return getLegalPageMetadata((await params).locale, 'contact');
}

export default async function ContactPage({ params }: PageProps<'/[locale]/contact'>) {
  const { t, content } = await openLegalPage(params);
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
