import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT, markStartupScripts, startupScripts } from './compile-hints.mjs';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A build folder as `next build` leaves it, reduced to what the marking reads. */
function fakeBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'compile-hints-'));
  folders.push(dist);
  mkdirSync(path.join(dist, 'static', 'chunks'), { recursive: true });
  for (const name of ['framework', 'runtime', 'polyfills', 'layout', 'house', 'guest-form']) {
    writeFileSync(path.join(dist, 'static', 'chunks', `${name}.js`), `/* ${name} */`);
  }
  writeFileSync(path.join(dist, 'static', 'chunks', 'page.css'), 'a{}');
  writeFileSync(
    path.join(dist, 'build-manifest.json'),
    JSON.stringify({
      rootMainFiles: ['static/chunks/framework.js', 'static/chunks/runtime.js'],
      polyfillFiles: ['static/chunks/polyfills.js'],
    }),
  );
  const route = path.join(dist, 'server', 'app', '[locale]', 'houses', '[houseId]');
  mkdirSync(route, { recursive: true });
  const manifest = {
    '/[locale]/houses/[houseId]/page': {
      entryJSFiles: {
        '[project]/app/layout': ['static/chunks/layout.js'],
        '[project]/app/[locale]/houses/[houseId]/page': ['static/chunks/layout.js', 'static/chunks/house.js'],
      },
      entryCSSFiles: { '[project]/app/layout': [{ path: 'static/chunks/page.css' }] },
    },
  };
  writeFileSync(
    path.join(route, 'page_client-reference-manifest.js'),
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["/[locale]/houses/[houseId]/page"] = ${JSON.stringify(manifest['/[locale]/houses/[houseId]/page'])};\n`,
  );
  return dist;
}

const read = (dist: string, name: string) => readFileSync(path.join(dist, 'static', 'chunks', name), 'utf8');

describe('compile hints on the startup scripts of a build', () => {
  it("lists the framework's scripts and every route's entry scripts, each once", () => {
    expect(startupScripts(fakeBuild()).sort()).toEqual(
      ['framework', 'runtime', 'polyfills', 'layout', 'house'].map((name) => `static/chunks/${name}.js`).sort(),
    );
  });

  it('puts the hint at the very top of each startup script and leaves a script loaded later as it was', () => {
    const dist = fakeBuild();
    expect(markStartupScripts(dist)).toBe(5);
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
    expect(read(dist, 'house.js')).toBe(`${COMPILE_HINT}/* house */`);
    expect(read(dist, 'framework.js')).toBe(`${COMPILE_HINT}/* framework */`);
    expect(read(dist, 'guest-form.js')).toBe('/* guest-form */');
    expect(read(dist, 'page.css')).toBe('a{}');
  });

  it('marks a script once however often it runs, so a second run changes nothing', () => {
    const dist = fakeBuild();
    markStartupScripts(dist);
    expect(markStartupScripts(dist)).toBe(0);
    expect(read(dist, 'layout.js')).toBe(`${COMPILE_HINT}/* layout */`);
  });
});
