import type { Metadata } from 'next';
import { Link } from '@/lib/i18n/navigation';
import { getLegalPageMetadata, openLegalPage } from '@/lib/site-content/page-metadata';
import { CompanyDetails } from '@/components/legal/company-details';
import { LegalPage, LegalSection } from '@/components/legal/legal-page';
import { textLink } from '@/components/ui/styles';

/** The questions of each topic, in the order guests meet them. */
const TOPICS = [
  { id: 'booking', questions: ['howToBook', 'price', 'confirmation'] },
  { id: 'paying', questions: ['howToPay', 'deposit', 'paySafely'] },
  { id: 'changing', questions: ['change', 'cancel', 'fund'] },
] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/help'>): Promise<Metadata> {
  return getLegalPageMetadata((await params).locale, 'help');
}

export default async function HelpPage({ params }: PageProps<'/[locale]/help'>) {
  const { t, content } = await openLegalPage(params);
  return (
    <LegalPage
      title={t('help.title')}
      intro={
        <p>
          {t('help.intro')}{' '}
          <Link href="/contact" className={textLink}>
            {t('links.contact')}
          </Link>
        </p>
      }
      notes={content.notes.help}
    >
      {TOPICS.map((topic) => (
        <LegalSection key={topic.id} id={topic.id} heading={t(`help.${topic.id}`)}>
          {topic.questions.map((question) => (
            <div key={question}>
              <h3 className="font-semibold text-slate-950">{t(`help.questions.${question}.q`)}</h3>
              <p className="mt-1">
                {t.rich(`help.questions.${question}.a`, {
                  link: (chunks) => (
                    <Link href="/cancellation" className={textLink}>
                      {chunks}
                    </Link>
                  ),
                })}
              </p>
            </div>
          ))}
        </LegalSection>
      ))}
      <LegalSection id="contact" heading={t('help.stillQuestions')}>
        <CompanyDetails content={content} />
      </LegalSection>
    </LegalPage>
  );
}
