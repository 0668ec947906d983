import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { buttonPrimary, buttonSecondary } from '@/components/ui/styles';

/** The localized 404 body of a park address the park data does not describe. */
export function ParkNotFound() {
  const t = useTranslations('parks.notFound');
  const nav = useTranslations('notFound');
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">404</p>
      <h1 className="mt-1 text-2xl font-bold text-slate-950">{t('title')}</h1>
      <p className="mt-3 text-slate-800">{t('body')}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link href="/search" className={buttonPrimary}>
          {nav('search')}
        </Link>
        <Link href="/" className={buttonSecondary}>
          {nav('home')}
        </Link>
      </div>
    </div>
  );
}
