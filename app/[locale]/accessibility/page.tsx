import type { Metadata } from 'next';
import { getLegalPageMetadata, openLegalPage } from '@/lib/site-content/page-metadata';
import { formatDate } from '@/lib/booking/date-format';
import { toLocale } from '@/components/ui/locale';
import { CompanyDetails } from '@/components/legal/company-details';
import { LegalPage, LegalSection } from '@/components/legal/legal-page';

/**
 * When the statement below was last drawn up. A statement is dated by law and by convention; move
 * this date on whenever its text is reviewed after a change that affects accessibility.
 */
const STATEMENT_DATE = '2026-11-29';

/** What is known not to meet the target, each with its own message. */
const KNOWN_LIMITS = ['knownPhotos', 'knownTexts', 'knownPayment'] as const;

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return getLegalPageMetadata((await params).locale, 'accessibility');
}

export default async function AccessibilityPage({ params }: Props) {
  const { locale, t, content } = await openLegalPage(params);
  return (
    <LegalPage
      title={t('accessibility.title')}
      intro={<p>{t('accessibility.intro')}</p>}
      notes={content.notes.accessibility}
    >
      <LegalSection id="target" heading={t('accessibility.targetHeading')}>
        <p>{t('accessibility.target')}</p>
      </LegalSection>
      <LegalSection id="known" heading={t('accessibility.knownHeading')}>
        <p>{t('accessibility.knownIntro')}</p>
        <ul className="list-disc space-y-2 pl-6">
          {KNOWN_LIMITS.map((key) => (
            <li key={key}>{t(`accessibility.${key}`)}</li>
          ))}
        </ul>
      </LegalSection>
      <LegalSection id="report" heading={t('accessibility.reportHeading')}>
        <p>{t('accessibility.report')}</p>
        <CompanyDetails content={content} />
      </LegalSection>
      <LegalSection id="statement" heading={t('accessibility.dateHeading')}>
        <p>
          {t.rich('accessibility.date', {
            date: () => (
              <time dateTime={STATEMENT_DATE}>{formatDate(STATEMENT_DATE, toLocale(locale), 'long')}</time>
            ),
          })}
        </p>
      </LegalSection>
    </LegalPage>
  );
}
