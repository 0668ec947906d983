// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replacePageAddress } from './page-address';

const BOOKING = '/en/book/7?startDate=2027-03-01&endDate=2027-03-04';

const nativeReplaceState = window.history.replaceState.bind(window.history);

/** Lets a write's follow-up (a microtask) run. */
const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('replacePageAddress', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));
  afterEach(() => {
    window.history.replaceState = nativeReplaceState;
  });

  it('writes a choice made in place into the current entry of the same page', () => {
    window.history.replaceState(null, '', BOOKING);
    expect(replacePageAddress(`${BOOKING}&svc=3x1`, { pageParams: ['step'] })).toBe(true);
    expect(window.location.search).toContain('svc=3x1');
  });

  it('leaves an entry of another page at the same path alone: a step left by Back or Forward does not write over the step now shown', () => {
    window.history.replaceState(null, '', `${BOOKING}&step=services&svc=3x1`);
    expect(replacePageAddress(`${BOOKING}&svc=3x2`, { pageParams: ['step'] })).toBe(false);
    expect(window.location.search).toContain('step=services');
    expect(window.location.search).toContain('svc=3x1');
  });

  it('leaves an entry of another path alone', () => {
    window.history.replaceState(null, '', '/en/search');
    expect(replacePageAddress(`${BOOKING}&svc=3x2`)).toBe(false);
    expect(window.location.pathname).toBe('/en/search');
  });

  it('keeps the router’s state in the entry when a page’s first effects write before the router wraps replaceState, and then writes through it', async () => {
    // The router keeps its state in each history entry and ignores Back or Forward to an entry
    // without it; it wraps replaceState in its own effect, which runs after its children's.
    window.history.replaceState({ routerState: 'step 1' }, '', BOOKING);
    expect(replacePageAddress(`${BOOKING}&prefs=5`)).toBe(true);
    expect(window.history.state).toEqual({ routerState: 'step 1' });
    expect(window.location.search).toContain('prefs=5');
    const routed: string[] = [];
    window.history.replaceState = (data: unknown, unused: string, url?: string | URL | null) => {
      routed.push(String(url));
      nativeReplaceState({ ...(data as object), ...(window.history.state as object) }, unused, url);
    };
    await settled();
    expect(routed).toEqual([`${BOOKING}&prefs=5`]);
    expect(window.history.state).toEqual({ routerState: 'step 1' });
  });

  it('writes nothing through the router when the browser has moved to another entry first', async () => {
    window.history.replaceState({ routerState: 'step 1' }, '', BOOKING);
    replacePageAddress(`${BOOKING}&prefs=5`, { pageParams: ['step'] });
    window.history.pushState({ routerState: 'extras' }, '', `${BOOKING}&step=services`);
    await settled();
    expect(window.location.search).toBe('?startDate=2027-03-01&endDate=2027-03-04&step=services');
    expect(window.history.state).toEqual({ routerState: 'extras' });
  });
});
