import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { FALLBACK_MS, scriptsAfterFirstPaint, scriptsLoadedAfterPaint } from './scripts-after-paint';
import { inlineScriptHashes } from './shareable';

const HEAD_START = '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>';
const SCRIPTS =
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>' +
  '<script src="/_next/static/chunks/runtime.js" async=""></script>' +
  '<script src="/_next/static/chunks/react-dom.js" async=""></script>' +
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>';
const BOOTSTRAP = '<script id="_R_">(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push({})</script>';
const BODY =
  '</head><body><main>Villa &lt;script src="/x.js" async=""&gt;&lt;/script&gt;</main>' +
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>' +
  BOOTSTRAP +
  '<script src="/_next/static/chunks/main.js" async=""></script></body></html>';
const PAGE = HEAD_START + SCRIPTS + '<title>Villa</title>' + BODY;

const rewrite = (page: string) => scriptsAfterFirstPaint(Buffer.from(page)).toString();

/** The loader's inline script, run against a stand-in document; returns what it added and when. */
function runLoader(page: string, options: { visibility?: string; observer?: boolean }) {
  const code = /<script>(\(function\(d,p,c\)[\s\S]*?)<\/script>/.exec(page)?.[1];
  if (!code) throw new Error('no loader in the page');
  const added: { src: string; async: boolean }[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  let paintCallback: ((list: { getEntriesByName(name: string): unknown[] }) => void) | undefined;
  const context = {
    document: {
      visibilityState: options.visibility ?? 'visible',
      createElement: () => ({ src: '', async: false }),
      head: { appendChild: (element: { src: string; async: boolean }) => added.push({ ...element }) },
    },
    setTimeout: (run: () => void, ms = 0) => timers.push({ run, ms }),
    PerformanceObserver:
      options.observer === false
        ? undefined
        : class {
            constructor(callback: typeof paintCallback) {
              paintCallback = callback;
            }
            observe() {}
          },
  };
  runInNewContext(code, context);
  const paint = (name: string) => paintCallback?.({ getEntriesByName: (n) => (n === name ? [{}] : []) });
  const runTimers = (atMost: number) => {
    for (const timer of timers.splice(0)) {
      if (timer.ms <= atMost) timer.run();
      else timers.push(timer);
    }
  };
  return { added, paint, runTimers, timers };
}

describe('scripts after the first paint', () => {
  it('moves the async scripts, the body entry script included, into one loader at the top of the head, in order', () => {
    const page = rewrite(PAGE);
    expect(page).not.toMatch(/<script src="[^"]+" async="">/);
    expect(page.startsWith(HEAD_START + '<script>(function(d,p,c)')).toBe(true);
    expect(scriptsLoadedAfterPaint(page)).toEqual([
      '/_next/static/chunks/runtime.js',
      '/_next/static/chunks/react-dom.js',
      '/_next/static/chunks/main.js',
    ]);
    // The stylesheet, the nomodule fallback, the title, the text and the inline scripts stay as they are.
    for (const kept of [
      '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
      '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
      '<title>Villa</title>',
      BODY.replace('<script src="/_next/static/chunks/main.js" async=""></script>', ''),
    ])
      expect(page).toContain(kept);
  });

  it('drops the early download of a script it moves, so nothing of the scripts is fetched before the paint', () => {
    expect(rewrite(PAGE)).not.toContain('rel="preload" as="script"');
    const otherPreload = '<link rel="preload" as="script" fetchPriority="low" href="/elsewhere.js"/>';
    expect(rewrite(PAGE.replace('<title>', `${otherPreload}<title>`))).toContain(otherPreload);
  });

  it('leaves a page without async scripts, or of another shape, byte for byte as it was', () => {
    for (const page of [
      HEAD_START +
        '<title>x</title></head><body><script src="/_next/static/chunks/polyfills.js" noModule=""></script></body>',
      PAGE.replace('<head><meta charSet="utf-8"/>', '<head data-x="1">'),
      '{"json":"<script src=\\"/a.js\\" async=\\"\\"></script>"}',
      '<p>no head</p>',
    ])
      expect(rewrite(page)).toBe(page);
  });

  it('keeps every character of the rest of the page, multi-byte text included', () => {
    const page = rewrite(PAGE.replace('Villa &lt;', 'Villa Ærø – 5 € ☀ &lt;'));
    expect(page).toContain('<main>Villa Ærø – 5 € ☀ &lt;script');
    expect(page.endsWith(`${BOOTSTRAP}</body></html>`)).toBe(true);
  });

  it('lists scripts from several folders by their whole address', () => {
    const page = rewrite(
      PAGE.replace('/_next/static/chunks/react-dom.js" async', '/other/react-dom.js" async'),
    );
    expect(scriptsLoadedAfterPaint(page)).toEqual([
      '/_next/static/chunks/runtime.js',
      '/other/react-dom.js',
      '/_next/static/chunks/main.js',
    ]);
  });

  it('gives the loader a hash of its own, so the page policy lets it run', () => {
    const hashes = inlineScriptHashes(rewrite(PAGE));
    expect(hashes).toHaveLength(3);
    expect(hashes).toEqual(expect.arrayContaining(inlineScriptHashes(PAGE)));
  });

  it('runs the code it is given first, as the page is read, then the loader', () => {
    const page = scriptsAfterFirstPaint(Buffer.from(PAGE), 'self.kept=1').toString();
    expect(page.startsWith(HEAD_START + '<script>self.kept=1;(function(d,p,c)')).toBe(true);
    expect(scriptsLoadedAfterPaint(page)).toEqual(scriptsLoadedAfterPaint(rewrite(PAGE)));
  });

  it('adds the scripts, async and once, only after the first contentful paint', () => {
    const loader = runLoader(rewrite(PAGE), {});
    loader.paint('first-paint');
    loader.runTimers(0);
    expect(loader.added).toEqual([]);
    loader.paint('first-contentful-paint');
    expect(loader.added).toEqual([]);
    loader.runTimers(0);
    expect(loader.added.map((script) => script.src)).toEqual(scriptsLoadedAfterPaint(rewrite(PAGE)));
    expect(loader.added.every((script) => script.async)).toBe(true);
    loader.runTimers(FALLBACK_MS);
    expect(loader.added).toHaveLength(3);
  });

  it('adds them after a while when the page has not painted by then', () => {
    const loader = runLoader(rewrite(PAGE), {});
    loader.runTimers(FALLBACK_MS - 1);
    expect(loader.added).toEqual([]);
    loader.runTimers(FALLBACK_MS);
    expect(loader.added).toHaveLength(3);
  });

  it('adds them at once in a tab opened in the background and in a browser without paint timing', () => {
    expect(runLoader(rewrite(PAGE), { visibility: 'hidden' }).added).toHaveLength(3);
    expect(runLoader(rewrite(PAGE), { observer: false }).added).toHaveLength(3);
  });
});
