'use client';

import { useTranslations } from 'next-intl';
import { buttonSecondary } from '@/components/ui/styles';
import { useHydrated } from '@/components/ui/use-hydrated';

/**
 * Opens the browser's print dialog, where "save as PDF" is one of the printers. It needs the
 * page's script, so until that runs the button is not offered (the browser's own print still is).
 */
export function PrintButton() {
  const t = useTranslations('booking');
  const inBrowser = useHydrated();
  if (!inBrowser) return null;
  return (
    <button type="button" className={`${buttonSecondary} print:hidden`} onClick={() => window.print()}>
      {t('thankYou.print')}
    </button>
  );
}
