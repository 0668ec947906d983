import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { buttonPrimary, buttonSecondary } from './styles';

/**
 * The localized 404 body; `kind` picks the wording (a house, or any page), or `texts` gives it
 * (a park's, from the parks' messages).
 */
export function NotFoundView({
  kind = 'page',
  texts,
}: {
  kind?: 'page' | 'house';
  texts?: { title: string; body: string } | undefined;
}) {
  const t = useTranslations('notFound');
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">404</p>
      <h1 className="mt-1 text-2xl font-bold text-slate-950">{texts?.title ?? t(`${kind}.title`)}</h1>
      <p className="mt-3 text-slate-800">{texts?.body ?? t(`${kind}.body`)}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link href="/search" className={buttonPrimary}>
          {t('search')}
        </Link>
        <Link href="/" className={buttonSecondary}>
          {t('home')}
        </Link>
      </div>
    </div>
  );
}
