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
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  // Per request for the CSP nonce; the content file is read once per process (see the contact page).
  await connection();
  const t = await getTranslations('legal');
  const content = getSiteContent(locale);
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
