'use client';

import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { compareHref, favouriteHref, type Favourite } from '@/lib/favourites/favourites';
import { Link } from '@/lib/i18n/navigation';
import { MAX_COMPARED } from '@/lib/pages/compare-address';
import { buttonPrimary, textLink } from '@/components/ui/styles';
import { FavouriteButton } from './favourite-button';
import { useFavourites } from './use-favourites';

/** The houses chosen for comparing: the guest's choice, or the first four kept. */
function chosenOf(list: readonly Favourite[], choice: readonly number[] | null): Favourite[] {
  const ids = choice ?? list.slice(0, MAX_COMPARED).map((favourite) => favourite.id);
  return list.filter((favourite) => ids.includes(favourite.id)).slice(0, MAX_COMPARED);
}

function CompareBar({ chosen }: { chosen: readonly Favourite[] }) {
  const t = useTranslations('favourites.page');
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-brand-50 p-4">
      {chosen.length >= 2 ? (
        <Link href={compareHref(chosen)} prefetch={false} className={buttonPrimary}>
          {t('compareLink', { count: chosen.length })}
        </Link>
      ) : (
        <p className="text-slate-800">{t('compareTooFew')}</p>
      )}
      <p className="text-sm text-slate-700">{t('compareHint')}</p>
    </div>
  );
}

/**
 * The favourites page's list, read from this browser's storage once the page has come to life:
 * each kept house with its picture, a link back to it at the stay it was kept with, its heart to
 * let it go, and a choice of up to four to compare side by side.
 */
export function FavouritesList() {
  const t = useTranslations('favourites.page');
  const list = useFavourites();
  const [choice, setChoice] = useState<number[] | null>(null);
  if (list === null) return <p className="text-slate-700">{t('loading')}</p>;
  if (list.length === 0) {
    return (
      <div className="space-y-3">
        <p className="text-slate-800">{t('empty')}</p>
        <Link href="/search" prefetch={false} className={buttonPrimary}>
          {t('search')}
        </Link>
      </div>
    );
  }
  const chosen = chosenOf(list, choice);
  const full = chosen.length >= MAX_COMPARED;
  const toggle = (id: number, on: boolean) => {
    const ids = chosen.map((favourite) => favourite.id);
    setChoice(on ? [...ids, id] : ids.filter((other) => other !== id));
  };
  return (
    <div className="space-y-4">
      <CompareBar chosen={chosen} />
      <ul className="grid gap-3 sm:grid-cols-2">
        {list.map((favourite) => {
          const isChosen = chosen.some((entry) => entry.id === favourite.id);
          const name = favourite.name || t('unnamed', { id: String(favourite.id) });
          return (
            <li key={favourite.id} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3">
              <div className="relative h-20 w-28 shrink-0 overflow-hidden rounded-lg bg-slate-100">
                {favourite.picture ? (
                  <Image src={favourite.picture} alt="" fill sizes="7rem" className="object-cover" />
                ) : null}
              </div>
              <div className="min-w-0 flex-1 space-y-1">
                <p className="font-semibold text-slate-950">
                  <Link href={favouriteHref(favourite)} prefetch={false} className={textLink}>
                    {name}
                  </Link>
                </p>
                <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-600"
                    checked={isChosen}
                    disabled={!isChosen && full}
                    onChange={(event) => toggle(favourite.id, event.currentTarget.checked)}
                  />
                  {t('compareChoose', { name })}
                </label>
              </div>
              <FavouriteButton
                id={favourite.id}
                name={favourite.name}
                picture={favourite.picture}
                place="page"
              />
            </li>
          );
        })}
      </ul>
      {full && list.length > MAX_COMPARED ? (
        <p className="text-sm text-slate-700">{t('compareLimit', { max: String(MAX_COMPARED) })}</p>
      ) : null}
    </div>
  );
}
