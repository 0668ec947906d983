'use client';

import { Fragment, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { buttonSecondary } from '@/components/ui/styles';
import { replacePageAddress } from '@/components/ui/page-address';
import { reachedFromHistory } from '@/components/ui/history-returns';
import { RESULTS_HEADING_ID } from './result-options';

/** One more page of results, rendered on the server for the list it is appended to. */
export interface MoreResults {
  /** The list items of the page's houses. */
  items: ReactNode;
  /** What the page reports besides its items (the analytics event of the houses it adds). */
  extra: ReactNode;
  page: number;
  pageCount: number;
  /** The page's address, the same page without JavaScript. */
  href: string;
  /** The address of the page after it, when there is one. */
  nextHref: string | null;
  /** "24 of 47 houses shown". */
  status: string;
}

/** Asks the server for a page of results; null when it cannot be read now. */
export type LoadResultsPage = (page: number) => Promise<MoreResults | null>;

/** Where the guest was on a result list when they followed a link from it (the tab's storage). */
const LEFT_FROM_KEY = 'results-left-from';

function here(): string {
  return `${window.location.pathname}${window.location.search}`;
}

function rememberScroll(): void {
  try {
    sessionStorage.setItem(LEFT_FROM_KEY, JSON.stringify({ address: here(), y: window.scrollY }));
  } catch {
    // Storage may be off; the list is then shown again at the browser's own scroll position.
  }
}

/** The scroll position the guest left this address at, if they left it by a link from the list. */
function scrollLeftAt(): number | null {
  try {
    const left = JSON.parse(sessionStorage.getItem(LEFT_FROM_KEY) ?? 'null') as {
      address?: unknown;
      y?: unknown;
    } | null;
    return left?.address === here() && typeof left.y === 'number' ? left.y : null;
  } catch {
    return null;
  }
}

/**
 * The result list with its "Show more" link. Without JavaScript the link opens the next page
 * (the same list, one page longer, scrolled to its first new house). With JavaScript the next
 * page's houses are appended in place, the address becomes that page's (so reload, Back and
 * sharing show the same list), the status line announces the new count and focus moves to the
 * first new house. When the server cannot answer, the link is followed as if there were no
 * JavaScript, so the guest still gets the page (or its "busy" notice).
 */
export function ResultPages({
  children,
  loadPage,
  page,
  pageCount,
  nextHref,
  status,
  label,
}: {
  /** The server-rendered list items of the pages shown so far. */
  children: ReactNode;
  loadPage: LoadResultsPage;
  page: number;
  pageCount: number;
  nextHref: string | null;
  status: string;
  label: string;
}) {
  const [shown, setShown] = useState({ page, pageCount, nextHref, status });
  const [appended, setAppended] = useState<MoreResults[]>([]);
  const [busy, setBusy] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const restoreScroll = useRef(false);

  useEffect(() => {
    if (restoreScroll.current) {
      restoreScroll.current = false;
      const y = scrollLeftAt();
      if (y !== null) window.scrollTo(0, y);
    }
    const from = focusFrom.current;
    if (from === null) return;
    focusFrom.current = null;
    listRef.current?.children[from]?.querySelector('a')?.focus();
  }, [appended]);

  // Browser back or forward shows the list the address names, rendered by the server for the
  // return (see history-returns.ts); the browser has put the page back where it was before that
  // list came, so the guest is put back where they left it. Should the router show the list as
  // the server first rendered it instead, shorter than the address (which "Show more" moved on)
  // says, the pages the address names are loaded again first. When the server cannot hand one
  // over, the address is loaded in full, as "Show more" follows its link then: the list on
  // screen is always the one the address names.
  useEffect(() => {
    const asked = Number(new URLSearchParams(window.location.search).get('page'));
    if (!Number.isInteger(asked) || asked <= page) {
      const y = reachedFromHistory() ? scrollLeftAt() : null;
      if (y !== null) window.scrollTo(0, y);
      return;
    }
    let cancelled = false;
    void (async () => {
      const pages: MoreResults[] = [];
      for (let next = page + 1; next <= Math.min(asked, pageCount); next++) {
        const more = await loadPage(next).catch(() => null);
        if (cancelled) return;
        if (more === null || more.page !== next) {
          window.location.reload();
          return;
        }
        pages.push(more);
      }
      const last = pages.at(-1);
      if (last === undefined) return;
      restoreScroll.current = true;
      setAppended(pages);
      setShown({ page: last.page, pageCount: last.pageCount, nextHref: last.nextHref, status: last.status });
    })();
    return () => {
      cancelled = true;
    };
    // Once, for the list as it was rendered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function showMore(event: MouseEvent<HTMLAnchorElement>) {
    // A new tab or window, or a download: the browser's business.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (busy || shown.nextHref === null) return;
    const href = shown.nextHref;
    setBusy(true);
    let more: MoreResults | null = null;
    try {
      more = await loadPage(shown.page + 1);
    } catch {
      more = null;
    }
    if (more === null || more.page <= shown.page) {
      window.location.assign(href);
      return;
    }
    const loaded = more;
    focusFrom.current = listRef.current?.children.length ?? 0;
    setAppended((pages) => [...pages, loaded]);
    setShown({
      page: loaded.page,
      pageCount: loaded.pageCount,
      nextHref: loaded.nextHref,
      status: loaded.status,
    });
    setBusy(false);
    // The address of what is now on screen.
    replacePageAddress(loaded.href);
  }

  return (
    <>
      <ul
        ref={listRef}
        className="space-y-4"
        aria-labelledby={RESULTS_HEADING_ID}
        onClickCapture={rememberScroll}
      >
        {children}
        {appended.map((more) => (
          <Fragment key={more.page}>{more.items}</Fragment>
        ))}
      </ul>
      {appended.map((more) => (
        <div key={more.page} hidden>
          {more.extra}
        </div>
      ))}
      {/* One page only: nothing to say and nothing to show more of. */}
      <div className="flex flex-col items-center gap-2 pt-2" hidden={shown.pageCount < 2}>
        <p role="status" className="text-sm text-slate-700">
          {shown.status}
        </p>
        {shown.nextHref !== null && shown.page < shown.pageCount ? (
          <a
            href={shown.nextHref}
            rel="next"
            onClick={showMore}
            aria-disabled={busy || undefined}
            className={buttonSecondary}
          >
            {label}
          </a>
        ) : null}
      </div>
    </>
  );
}
