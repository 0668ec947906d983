import type { Metadata } from 'next';
import type { Park } from '@/lib/booking/types';
import { Link } from '@/lib/i18n/navigation';
import { getParks } from '@/lib/partner-api';
import { getLegalPageMetadata, openLegalPage } from '@/lib/site-content/page-metadata';
import { LegalPage, LegalSection, Paragraphs } from '@/components/legal/legal-page';
import { ParkConditions } from '@/components/legal/park-conditions';
import { textLink } from '@/components/ui/styles';

const GENERIC_SUMMARY = ['costs', 'fund', 'deposit', 'how'] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/cancellation'>): Promise<Metadata> {
  return getLegalPageMetadata((await params).locale, 'cancellation');
}

/** The parks' conditions, or null when the partner cannot be asked now (busy, down, over quota). */
async function readParks(locale: string): Promise<Park[] | null> {
  try {
    return await getParks(locale);
  } catch {
    return null;
  }
}

export default async function CancellationPage({ params }: PageProps<'/[locale]/cancellation'>) {
  // The parks' conditions come from the partner (through its cache), read per request.
  const { locale, t, content } = await openLegalPage(params);
  const parks = await readParks(locale);
  return (
    <LegalPage
      title={t('cancellation.title')}
      intro={<p>{t('cancellation.intro')}</p>}
      notes={content.notes.cancellation}
    >
      <LegalSection id="summary" heading={t('cancellation.summaryHeading')}>
        {content.cancellationSummary.length > 0 ? (
          <Paragraphs paragraphs={content.cancellationSummary} />
        ) : (
          <ul className="list-disc space-y-2 pl-5">
            {GENERIC_SUMMARY.map((key) => (
              <li key={key}>{t(`cancellation.generic.${key}`)}</li>
            ))}
          </ul>
        )}
      </LegalSection>
      <LegalSection id="park-conditions" heading={t('cancellation.parksHeading')}>
        {parks ? <ParkConditions parks={parks} /> : <p>{t('cancellation.parksUnavailable')}</p>}
      </LegalSection>
      <LegalSection id="questions" heading={t('cancellation.questionsHeading')}>
        <p>{t('cancellation.questions')}</p>
        <p>
          <Link href="/contact" className={`${textLink} inline-flex min-h-11 items-center`}>
            {t('links.contact')}
          </Link>
        </p>
      </LegalSection>
    </LegalPage>
  );
}
