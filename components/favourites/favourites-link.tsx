'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { HeartIcon } from './heart-icon';
import { useFavourites } from './use-favourites';

/**
 * The header's way to the favourites list, with how many houses are kept. The count is the
 * guest's own, so it appears once the page has come to life (the header is part of every shared
 * page); it sits over the link's corner, so nothing moves when it does.
 */
export function FavouritesLink() {
  const t = useTranslations('favourites.link');
  const list = useFavourites();
  const count = list?.length ?? 0;
  return (
    <Link
      href="/favourites"
      prefetch={false}
      className="relative flex min-h-11 min-w-10 items-center justify-center gap-2 rounded-lg font-medium text-slate-800 hover:bg-brand-50 md:px-3"
    >
      <span className={count > 0 ? 'text-accent-600' : undefined}>
        <HeartIcon filled={count > 0} size={20} />
      </span>
      <span className="sr-only md:not-sr-only">{t('label')}</span>
      {count > 0 ? (
        <>
          <span
            aria-hidden="true"
            className="absolute top-0.5 left-5 min-w-5 rounded-full bg-accent-600 px-1 text-center text-xs leading-5 font-semibold text-on-accent"
          >
            {String(count)}
          </span>
          <span className="sr-only"> {t('count', { count })}</span>
        </>
      ) : null}
    </Link>
  );
}
