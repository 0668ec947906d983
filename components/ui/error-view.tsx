'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { buttonPrimary, buttonSecondary } from './styles';

/**
 * The body of every error.tsx: a localized message, a retry that re-renders the segment, and
 * a way home. Only the digest is logged; the server keeps the details.
 */
export function ErrorView({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations('errorPage');
  const digest = error instanceof Error && 'digest' in error ? String(error.digest) : undefined;
  useEffect(() => {
    console.error('Page error', digest ?? '(no digest)');
  }, [digest]);
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-950">{t('title')}</h1>
      <p className="mt-3 text-slate-800">{t('body')}</p>
      {digest ? <p className="mt-2 text-sm text-slate-600">{t('reference', { digest })}</p> : null}
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" className={buttonPrimary} onClick={() => retry()}>
          {t('retry')}
        </button>
        <Link href="/" className={buttonSecondary}>
          {t('home')}
        </Link>
      </div>
    </div>
  );
}
