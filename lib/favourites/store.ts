/**
 * Where the browser keeps the favourites: localStorage, on this device only, kept across visits.
 *
 * Not a cookie: a cookie would go with every request, and the search and house pages are served
 * to everyone from one stored copy, which must not differ by guest. So the server never knows the
 * list; the hearts and the header's count read it here once the page has come to life. Shaped for
 * React's useSyncExternalStore: a snapshot that stays the same object while the stored text does,
 * and a subscription that hears this tab's changes and other tabs' (the `storage` event).
 */
import { browserStorage } from '@/lib/browser-storage';
import { parseFavourites, serializeFavourites, toggleFavourite, type Favourite } from './favourites';

export const FAVOURITES_KEY = 'pbs.favourites.v1';

type Listener = () => void;

const listeners = new Set<Listener>();
/** The list's text when storage cannot be used (disabled, full): kept for this page only. */
let memoryText: string | null = null;
let memoryOnly = false;
let snapshotText: string | null | undefined;
let snapshot: readonly Favourite[] = [];

function readText(): string | null {
  if (memoryOnly) return memoryText;
  try {
    const store = browserStorage('browser');
    return store ? store.getItem(FAVOURITES_KEY) : memoryText;
  } catch {
    return memoryText;
  }
}

function writeText(text: string): void {
  memoryText = text;
  const store = browserStorage('browser');
  if (!store) return;
  try {
    store.setItem(FAVOURITES_KEY, text);
  } catch {
    memoryOnly = true;
  }
}

/** The kept houses, oldest first; the same array as long as nothing changed. */
export function getFavourites(): readonly Favourite[] {
  const text = readText();
  if (text !== snapshotText) {
    snapshotText = text;
    snapshot = parseFavourites(text);
  }
  return snapshot;
}

export function subscribeFavourites(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === FAVOURITES_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Keeps the house, or lets it go when it is kept already; returns whether it is kept now. */
export function toggleKept(favourite: Favourite): boolean {
  const next = toggleFavourite(getFavourites(), favourite);
  writeText(serializeFavourites(next));
  for (const listener of listeners) listener();
  return next.some((kept) => kept.id === favourite.id);
}
