import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';

export function SiteFooter() {
  const t = useTranslations('footer');
  const meta = useTranslations('meta');
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-4 px-4 py-8 text-sm text-slate-700 sm:grid-cols-2">
        <div>
          <p className="font-semibold text-slate-900">{meta('siteName')}</p>
          <p className="mt-1">{t('promise')}</p>
        </div>
        <nav aria-label={t('nav')} className="sm:justify-self-end">
          <ul className="flex flex-wrap gap-x-4">
            <li>
              <Link href="/" className="inline-flex min-h-11 items-center underline underline-offset-2">
                {t('home')}
              </Link>
            </li>
            <li>
              <Link href="/search" className="inline-flex min-h-11 items-center underline underline-offset-2">
                {t('search')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
