/**
 * The compare page's address: `/compare?houses=ID,ID[,ID,ID]` plus the stay and party of a house
 * page's deep link. Shared by the page, which reads it, and the favourites list, which writes it.
 */
import { parseId } from '@/lib/booking/selection';

/** Houses side by side at most: four columns still fit a laptop, and each costs a partner read. */
export const MAX_COMPARED = 4;

/** Pieces read from the address at most, so an absurdly long list costs nothing to read. */
const MAX_PIECES = 40;

/** How much of a piece that is not a house number the page repeats back. */
const SHOWN_PIECE_LENGTH = 24;

export interface ComparedIds {
  /** The first four distinct house ids, in the address's order. */
  ids: number[];
  /** Further distinct ids the address names, left out. */
  beyondLimit: number;
  /** Pieces that are not house ids, shortened, each once. */
  malformed: string[];
}

function pieces(raw: string | readonly string[] | undefined): string[] {
  const values = raw === undefined ? [] : typeof raw === 'string' ? [raw] : raw;
  return values
    .flatMap((value) => value.split(/[\s,]+/))
    .filter((piece) => piece !== '')
    .slice(0, MAX_PIECES);
}

function shorten(piece: string): string {
  const chars = [...piece];
  return chars.length > SHOWN_PIECE_LENGTH ? `${chars.slice(0, SHOWN_PIECE_LENGTH - 1).join('')}…` : piece;
}

/** Reads the `houses` parameter (repeated or comma-separated). Never throws. */
export function parseComparedIds(raw: string | readonly string[] | undefined): ComparedIds {
  const distinct: number[] = [];
  const malformed: string[] = [];
  for (const piece of pieces(raw)) {
    const id = parseId(piece);
    if (id === null) {
      const shown = shorten(piece);
      if (!malformed.includes(shown)) malformed.push(shown);
    } else if (!distinct.includes(id)) {
      distinct.push(id);
    }
  }
  return {
    ids: distinct.slice(0, MAX_COMPARED),
    beyondLimit: Math.max(0, distinct.length - MAX_COMPARED),
    malformed,
  };
}

/**
 * The compare page's query for these houses (the first four) and a deep-link query of the stay
 * and party. The commas stay readable: the address is meant to be shared.
 */
export function compareQuery(ids: readonly number[], stayQuery: string): string {
  const houses = `houses=${[...new Set(ids)].slice(0, MAX_COMPARED).join(',')}`;
  return stayQuery ? `${houses}&${stayQuery}` : houses;
}
