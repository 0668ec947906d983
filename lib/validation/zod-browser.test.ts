import { afterEach, describe, expect, it, vi } from 'vitest';
import { z as plainZod } from 'zod';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  plainZod.config({ jitless: false });
});

describe('zod for modules a browser may load', () => {
  it('tells zod in a browser to parse without compiling code, before any schema is built', async () => {
    vi.stubGlobal('window', {});
    const { z } = await import('./zod-browser');
    expect(z.config().jitless).toBe(true);
  });

  it('leaves the server its compiled parsers', async () => {
    const { z } = await import('./zod-browser');
    expect(z.config().jitless).toBe(false);
  });
});
