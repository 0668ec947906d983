'use client';

import { useTranslations } from 'next-intl';
import { canonicalQuery } from '@/lib/favourites/favourites';
import { toggleKept } from '@/lib/favourites/store';
import { cx } from '@/components/ui/cx';
import { HeartIcon } from './heart-icon';
import { useFavourites } from './use-favourites';

/** Where the heart sits: over a result card's picture, or beside a page's heading. */
export type FavouriteButtonPlace = 'card' | 'page';

/** The heart's round box in each place. On a card it is .card-fav of globals.css: a short name, as it repeats on every card. */
const PLACES: Record<FavouriteButtonPlace, string> = {
  card: 'card-fav',
  page: 'flex size-11 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white',
};

/**
 * The heart that keeps a house among the guest's favourites, in this browser only. A toggle
 * button: its name says what it does for which house, `aria-pressed` whether the house is kept.
 *
 * The server's HTML and the render that hydrates it hold an empty box of the heart's size instead
 * (the page is shared by every guest; see use-favourites.ts), so nothing moves when the heart
 * appears and no guest is shown a state that is not theirs.
 */
export function FavouriteButton({
  id,
  name,
  picture,
  place = 'card',
}: {
  id: number;
  name: string;
  picture?: string | null | undefined;
  place?: FavouriteButtonPlace;
}) {
  const t = useTranslations('favourites.heart');
  const list = useFavourites();
  const box = PLACES[place];
  if (list === null) return <span aria-hidden="true" className={cx(box, 'invisible')} />;
  const kept = list.some((favourite) => favourite.id === id);
  return (
    <button
      type="button"
      aria-pressed={kept}
      aria-label={name ? t('label', { name }) : t('labelUnnamed', { id: String(id) })}
      onClick={() =>
        toggleKept({
          id,
          name,
          ...(picture ? { picture } : {}),
          // The stay and party the guest is looking at now (the house page keeps its address current).
          query: canonicalQuery(window.location.search),
        })
      }
      className={cx(box, kept ? 'text-accent-600' : 'text-slate-700 hover:text-accent-600')}
    >
      <HeartIcon filled={kept} />
    </button>
  );
}
