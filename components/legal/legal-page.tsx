import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';

/**
 * The frame of the help and legal pages: one h1, an introduction, sections with h2 headings,
 * and the operator's own extra paragraphs (from the site content) at the end.
 */
export function LegalPage({
  title,
  intro,
  notes,
  children,
}: {
  title: string;
  intro: ReactNode;
  /** The operator's extra paragraphs for this page; none = no "further information" section. */
  notes: readonly string[];
  children: ReactNode;
}) {
  const t = useTranslations('legal');
  return (
    <article aria-labelledby="legal-heading" className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <h1 id="legal-heading" className="text-3xl font-bold text-slate-950">
        {title}
      </h1>
      <div className="mt-3 text-lg text-slate-800">{intro}</div>
      <div className="mt-8 space-y-8">
        {children}
        {notes.length > 0 ? (
          <LegalSection id="further-information" heading={t('more')}>
            <Paragraphs paragraphs={notes} />
          </LegalSection>
        ) : null}
      </div>
    </article>
  );
}

export function LegalSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="scroll-mt-4" id={id}>
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-950">
        {heading}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-slate-800">{children}</div>
    </section>
  );
}

export function Paragraphs({ paragraphs }: { paragraphs: readonly string[] }) {
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </>
  );
}
