import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestContext, withRequestContext } from './request-context';

type Context = typeof import('./request-context');

afterEach(() => {
  vi.resetModules();
});

describe('the request context', () => {
  it('is empty outside any scope', () => {
    expect(requestContext()).toEqual({});
  });

  it('adds a scope to the one it is opened in, and gives the outer one back afterwards', async () => {
    const seen = await withRequestContext({ client: 'a' }, () =>
      withRequestContext({ deadline: 1_000 }, async () => {
        const inner = requestContext();
        await new Promise((resolve) => setTimeout(resolve, 1));
        return [inner, requestContext()];
      }),
    );
    expect(seen).toEqual([
      { client: 'a', deadline: 1_000 },
      { client: 'a', deadline: 1_000 },
    ]);
    expect(withRequestContext({ client: 'a' }, () => requestContext())).toEqual({ client: 'a' });
    expect(requestContext()).toEqual({});
  });

  it('lets a scope replace or clear one value and keep the others', () => {
    const inner = withRequestContext({ client: 'a', booking: 'step' }, () =>
      withRequestContext({ client: 'b', booking: undefined }, () => requestContext()),
    );
    expect(inner.client).toBe('b');
    expect(inner.booking).toBeUndefined();
  });

  it('keeps scopes running side by side apart', async () => {
    const read = (client: string) =>
      withRequestContext({ client }, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return requestContext().client;
      });
    expect(await Promise.all([read('a'), read('b')])).toEqual(['a', 'b']);
  });

  it('is the same for every copy of the module, as Next.js loads one per bundle', async () => {
    vi.resetModules();
    const pageCopy: Context = await import('./request-context');
    vi.resetModules();
    const serverCopy: Context = await import('./request-context');
    expect(pageCopy).not.toBe(serverCopy);
    const status = {};
    const seen = serverCopy.withRequestContext({ client: 'a', pageStatus: status }, () =>
      pageCopy.requestContext(),
    );
    expect(seen.client).toBe('a');
    expect(seen.pageStatus).toBe(status);
  });
});
