import { useTranslations } from 'next-intl';

/** First focusable element of every page: jumps over the header to the content. */
export function SkipLink() {
  const t = useTranslations('header');
  return (
    <a
      href="#main"
      className="sr-only rounded-lg bg-brand-700 px-4 py-3 font-semibold text-on-brand focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
    >
      {t('skipToContent')}
    </a>
  );
}
