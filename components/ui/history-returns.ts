/**
 * Back and Forward within the document: when the browser last went back or forward, and the
 * entries whose address a page wrote in place (page-address.ts).
 *
 * Next.js keeps in each history entry the route tree it rendered there, and that tree names the
 * search the page was rendered for. An address written in place changes the entry's search and
 * leaves the tree as it was (the page on screen is still the one rendered). On Back or Forward to
 * that entry the router asks the server for the address, finds the answer is for another search
 * than its tree names, takes that for a stale route, asks again, and then loads the whole
 * document anew: slow, and a further Back or Forward pressed meanwhile can land on the wrong page.
 *
 * So, as the browser returns to such an entry and before the router reads it, the entry's tree is
 * made to name the address's own search: the router then asks once and swaps the answer in. The
 * router's tree in memory is never changed while a page is shown (it would ask the server again
 * for each choice), and entries whose address no page wrote are left as the router made them.
 */

/** The router's record in a history entry: the route tree it rendered there, for which search. */
type RouterEntry = {
  __PRIVATE_NEXTJS_INTERNALS_TREE?: { tree?: unknown; renderedSearch?: unknown };
};

/** Addresses (path and search) written in place in this document. */
const writtenAddresses = new Set<string>();

/** When the browser last went back or forward. */
let returnedAt = 0;

/** Whether the browser went back or forward just now: a page mounting now came from history. */
export function reachedFromHistory(): boolean {
  return Date.now() - returnedAt < 5_000;
}

/** Notes an address a page writes into its own history entry. */
export function noteWrittenAddress(address: URL): void {
  writtenAddresses.add(`${address.pathname}${address.search}`);
}

/**
 * Listens for Back and Forward. The listener must come before the router's own (the browser calls
 * them in the order they were added), so it is added before the page hydrates.
 */
export function listenForHistoryReturns(): void {
  window.addEventListener('popstate', (event) => {
    returnedAt = Date.now();
    nameAddressSearch(event);
  });
}

/** The router reads the entry from the event's state, which is changed in place. */
function nameAddressSearch(event: PopStateEvent): void {
  const { pathname, search } = window.location;
  if (!writtenAddresses.has(`${pathname}${search}`)) return;
  const record = (event.state as RouterEntry | null)?.__PRIVATE_NEXTJS_INTERNALS_TREE;
  const rendered = record?.renderedSearch;
  if (!record || typeof rendered !== 'string' || rendered === search) return;
  renamePageSearch(record.tree, rendered, search);
  record.renderedSearch = search;
}

/**
 * In a route tree (nested arrays: a segment, then its children by slot, …, and for a page the
 * search it was rendered for at index 5), names `to` as the search of each page rendered for `from`.
 */
function renamePageSearch(node: unknown, from: string, to: string): void {
  if (!Array.isArray(node)) return;
  if (node[0] === '__PAGE__' && node[5] === from) node[5] = to;
  const children: unknown = node[1];
  if (children === null || typeof children !== 'object') return;
  for (const child of Object.values(children)) renamePageSearch(child, from, to);
}
