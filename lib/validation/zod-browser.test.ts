import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z as plainZod } from 'zod';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  vi.doUnmock('zod');
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

/** Every module (tests aside) that takes zod from here: the modules the pages' client code reaches. */
function browserSchemaModules(): string[] {
  const root = path.resolve(__dirname, '../..');
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !full.includes(`${path.sep}fixtures${path.sep}`)) {
        if (readFileSync(full, 'utf8').includes("from '@/lib/validation/zod-browser'")) found.push(full);
      }
    }
  };
  for (const dir of ['app', 'components', 'lib']) walk(path.join(root, dir));
  return found;
}

describe('schemas of the modules a browser loads', () => {
  it('are built when they first parse, not while their modules load (as the page hydrates)', async () => {
    let built = 0;
    vi.doMock('zod', async (importOriginal) => {
      const actual = await importOriginal<typeof import('zod')>();
      const counting = new Proxy(actual.z, {
        get(target, name, receiver) {
          const value: unknown = Reflect.get(target, name, receiver);
          if (typeof value !== 'function' || name === 'lazy' || name === 'config') return value;
          return (...args: unknown[]) => {
            built += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      return { ...actual, z: counting };
    });
    vi.stubGlobal('window', {});
    const modules = browserSchemaModules();
    expect(modules).toContain(path.resolve(__dirname, '../booking/guest.ts'));
    for (const file of modules) {
      await import(file);
      expect(built, path.relative(process.cwd(), file)).toBe(0);
    }
    const { GuestSchema } = await import('@/lib/booking/guest');
    const { PartySchema } = await import('@/lib/booking/party-schema');
    expect(PartySchema.safeParse({ adults: 2, child0002: 0, child0304: 0, child0512: 0, child1317: 0, pets: 0 }).success).toBe(true);
    expect(GuestSchema.safeParse({}).success).toBe(false);
    expect(built).toBeGreaterThan(0);
  });
});
