import type { Metadata } from 'next';
import { Link } from '@/lib/i18n/navigation';
import { getLegalPageMetadata, openLegalPage } from '@/lib/site-content/page-metadata';
import { LegalPage, LegalSection } from '@/components/legal/legal-page';
import { textLink } from '@/components/ui/styles';

const SECTIONS = ['agreement', 'prices', 'payment', 'changes', 'complaints'] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/terms'>): Promise<Metadata> {
  return getLegalPageMetadata((await params).locale, 'terms');
}

export default async function TermsPage({ params }: PageProps<'/[locale]/terms'>) {
  const { t, content } = await openLegalPage(params);
  return (
    <LegalPage title={t('terms.title')} intro={<p>{t('terms.intro')}</p>} notes={content.notes.terms}>
      {SECTIONS.map((section) => (
        <LegalSection key={section} id={section} heading={t(`terms.${section}Heading`)}>
          <p>
            {t.rich(`terms.${section}`, {
              company: content.company.name,
              link: (chunks) => (
                <Link href="/cancellation" className={textLink}>
                  {chunks}
                </Link>
              ),
            })}
          </p>
        </LegalSection>
      ))}
      <p>
        <Link href="/contact" className={`${textLink} inline-flex min-h-11 items-center`}>
          {t('links.contact')}
        </Link>
      </p>
    </LegalPage>
  );
}
