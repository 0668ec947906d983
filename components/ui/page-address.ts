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
 * No history state is passed, so Next.js takes the address into its router too (given the
 * router's own state it would not, and could later write the old address back).
 */
export function replacePageAddress(href: string): boolean {
  const target = new URL(href, window.location.href);
  if (target.origin !== window.location.origin || target.pathname !== window.location.pathname) return false;
  if (
    target.search === window.location.search &&
    (target.hash === '' || target.hash === window.location.hash)
  )
    return false;
  // A fragment the address already has (a link to a section) stays unless a new one is given.
  window.history.replaceState(
    null,
    '',
    `${target.pathname}${target.search}${target.hash || window.location.hash}`,
  );
  return true;
}
