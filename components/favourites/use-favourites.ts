import { useSyncExternalStore } from 'react';
import type { Favourite } from '@/lib/favourites/favourites';
import { getFavourites, subscribeFavourites } from '@/lib/favourites/store';

const unknownOnServer = () => null;

/**
 * The kept houses, or null in the server's HTML and while the page hydrates: the HTML is shared by
 * every guest, so it never shows anyone's list, and the first render in the browser matches it.
 */
export function useFavourites(): readonly Favourite[] | null {
  return useSyncExternalStore(subscribeFavourites, getFavourites, unknownOnServer);
}
