import { noteWrittenAddress } from './history-returns';

/**
 * Writes a page's own new address (the same page, other parameters) into the browser's current
 * history entry, for choices made in place that a reload, Back and sharing must keep.
 *
 * Nothing is written when the browser already shows another page. A component's effect can run
 * just after browser Back or Forward has moved the address on while the old page is still on
 * screen (the router swaps pages a moment later); writing then would replace the other page's
 * address, and the router would follow it, so the guest would land on a page they never asked for
 * and lose what that page's address held.
 *
 * Where one path holds several pages told apart by a parameter (the booking steps), `pageParams`
 * names it: an entry whose value differs is another page, left alone just the same.
 *
 * No history state is passed, so Next.js takes the address into its router too (given the
 * router's own state it would not, and could later write the old address back).
 */
export function replacePageAddress(
  href: string,
  { pageParams = [] }: { pageParams?: string[] } = {},
): boolean {
  const target = new URL(href, window.location.href);
  if (target.origin !== window.location.origin || target.pathname !== window.location.pathname) return false;
  const shown = new URLSearchParams(window.location.search);
  if (pageParams.some((name) => target.searchParams.get(name) !== shown.get(name))) return false;
  if (
    target.search === window.location.search &&
    (target.hash === '' || target.hash === window.location.hash)
  )
    return false;
  // A fragment the address already has (a link to a section) stays unless a new one is given.
  const address = `${target.pathname}${target.search}${target.hash || window.location.hash}`;
  noteWrittenAddress(target);
  const routerState: unknown = window.history.state;
  window.history.replaceState(null, '', address);
  if (routerState !== null && window.history.state === null) keepRouterState(routerState, address);
  return true;
}

/**
 * Next.js keeps its state in each history entry and ignores Back or Forward to an entry without
 * it (the address changes, the page does not). It takes in addresses written with replaceState by
 * wrapping it, in an effect of its router that runs after the effects of the page below it: a
 * write from a page's first effects reaches the browser's own replaceState and drops that state.
 * It is put back at once, and the address is written again through the router once its effects
 * have run (the end of this task), unless the browser has moved to another entry by then.
 */
function keepRouterState(routerState: unknown, address: string): void {
  window.history.replaceState(routerState, '', address);
  const written = window.location.href;
  queueMicrotask(() => {
    if (window.location.href !== written) return;
    window.history.replaceState(null, '', address);
    if (window.history.state === null) window.history.replaceState(routerState, '', address);
  });
}
