'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { buttonPrimary } from '@/components/ui/styles';

/** A booking page failed to render: say so, log the digest (never details), offer a retry. */
export function BookingError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('booking');
  useEffect(() => {
    console.error('booking page error', error.digest ?? 'no digest');
  }, [error.digest]);
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-8">
      <h1 className="text-2xl font-bold">{t('states.errorTitle')}</h1>
      <p>{t('states.errorBody')}</p>
      {error.digest ? (
        <p className="text-sm text-slate-600">{t('states.errorReference', { digest: error.digest })}</p>
      ) : null}
      <button type="button" className={buttonPrimary} onClick={() => reset()}>
        {t('states.retry')}
      </button>
    </div>
  );
}
