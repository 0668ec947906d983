import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { HomeIcon } from '@/components/ui/icons';
import { FavouritesLink } from '@/components/favourites/favourites-link';
import type { ShellBrand } from '@/lib/site-content/brand-schema';
import { LanguageSwitcher } from './language-switcher';

export function SiteHeader({ logo }: { logo?: ShellBrand['logo'] }) {
  const t = useTranslations('header');
  const meta = useTranslations('meta');
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-3 py-2 sm:px-4">
        {/*
         * The header's links are not prefetched: they are on every page, in view at once, and
         * reading their routes ahead cost each page's first second on a phone and the server a
         * request per view for a link a guest seldom follows.
         */}
        <Link
          href="/"
          prefetch={false}
          className="flex min-h-11 min-w-0 items-center gap-2 rounded-lg leading-tight font-bold text-brand-700 sm:text-lg"
        >
          {logo ? (
            // The partner's file or address, drawn as it is: the image optimizer would only
            // re-encode a small logo, and an https:// logo lives on the partner's own host. The
            // name beside it says what the link is, so the picture is decorative.
            // eslint-disable-next-line @next/next/no-img-element
            <img
              src={logo.src}
              alt=""
              width={logo.width}
              height={logo.height ?? 32}
              className="h-8 w-auto max-w-40 shrink-0 object-contain"
            />
          ) : (
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-on-brand">
              <HomeIcon width={18} height={18} />
            </span>
          )}
          {/*
           * Beside the favourites link and four language links a phone has little room for the
           * name's longest word ("Vakantiehuizen", "Ferienhäuser"): below 400 px it is read out
           * only, the icon shown.
           */}
          <span className="max-[399px]:sr-only">{meta('siteName')}</span>
        </Link>
        <div className="flex items-center gap-1 sm:gap-4">
          <nav aria-label={t('mainNav')} className="hidden sm:block">
            <Link
              href="/search"
              prefetch={false}
              className="flex min-h-11 items-center rounded-lg px-3 font-medium text-slate-800 hover:bg-brand-50"
            >
              {t('search')}
            </Link>
          </nav>
          <FavouritesLink />
          <LanguageSwitcher />
        </div>
      </div>
    </header>
  );
}
