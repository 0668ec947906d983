// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { listenForHistoryReturns, noteWrittenAddress, reachedFromHistory } from './history-returns';

const PATH = '/en/book/7';
const RENDERED = '?startDate=2027-03-01&endDate=2027-03-04&step=services';
const WRITTEN = `${RENDERED}&svc=3x2`;

/** The router's record of an entry: the route tree it rendered, the page for `search`. */
function routerEntry(search: string): {
  __NA: true;
  __PRIVATE_NEXTJS_INTERNALS_TREE: { tree: unknown; renderedSearch: string };
} {
  return {
    __NA: true,
    __PRIVATE_NEXTJS_INTERNALS_TREE: {
      tree: ['', { children: ['book', { children: ['__PAGE__', {}, null, null, 0, search] }] }],
      renderedSearch: search,
    },
  };
}

/** Back or Forward to `address`, as the router's listener (added after ours) sees it. */
function returnTo(address: string, state: unknown): unknown {
  window.history.replaceState(null, '', address);
  let seen: unknown;
  const router = (event: PopStateEvent) => (seen = event.state);
  window.addEventListener('popstate', router);
  window.dispatchEvent(new PopStateEvent('popstate', { state }));
  window.removeEventListener('popstate', router);
  return seen;
}

describe('returns to history entries', () => {
  beforeAll(() => listenForHistoryReturns());

  it('names the address’s own search in the route tree of an entry a page wrote in place, before the router reads it', () => {
    noteWrittenAddress(new URL(`${PATH}${WRITTEN}`, window.location.href));
    const seen = returnTo(`${PATH}${WRITTEN}`, routerEntry(RENDERED));
    expect(seen).toEqual(routerEntry(WRITTEN));
  });

  it('leaves an entry whose address no page wrote as the router made it', () => {
    const rewritten = `${RENDERED}&utm_source=news`;
    const seen = returnTo(`${PATH}${rewritten}`, routerEntry(RENDERED));
    expect(seen).toEqual(routerEntry(RENDERED));
  });

  it('leaves the pages of a tree rendered for another search alone', () => {
    noteWrittenAddress(new URL(`${PATH}${WRITTEN}`, window.location.href));
    const entry = routerEntry(RENDERED);
    entry.__PRIVATE_NEXTJS_INTERNALS_TREE.tree = [
      '',
      { children: ['__PAGE__', {}, null, null, 0, '?other=1'] },
    ];
    const seen = returnTo(`${PATH}${WRITTEN}`, entry) as ReturnType<typeof routerEntry>;
    expect(seen.__PRIVATE_NEXTJS_INTERNALS_TREE.tree).toEqual([
      '',
      { children: ['__PAGE__', {}, null, null, 0, '?other=1'] },
    ]);
    expect(seen.__PRIVATE_NEXTJS_INTERNALS_TREE.renderedSearch).toBe(WRITTEN);
  });

  it('says a page mounting just after Back or Forward came from history', () => {
    returnTo(PATH, null);
    expect(reachedFromHistory()).toBe(true);
  });
});
