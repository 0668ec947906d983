/**
 * A page the site server holds (./serve.ts) asks for its scripts once it has painted.
 *
 * Next.js loads every script a page runs with a `<script async>` tag: its chunks from the head, its
 * entry script from the end of the body (with an early download of it asked for in the head). The
 * browser fetches them at once and runs each one the moment it arrives, also before the page's
 * first paint. On a page whose first style and layout take a while (a house page lays out a
 * gallery, a calendar and the booking panel) the scripts arrive while that is under way and run
 * ahead of the paint, and on a slow network they share its bandwidth with the stylesheet and the
 * first picture. So the guest looks at an empty screen for the time it takes to download and run
 * code the page does not need to show itself.
 *
 * Here those tags are replaced by one small inline script at the top of the head, which adds the
 * same scripts, in the same order and still `async`, right after the browser reports the page's
 * first contentful paint. A page that has not painted within `FALLBACK_MS` gets them then; a tab
 * opened in the background (which does not paint until it is shown) and a browser without paint
 * timing get them at once, as before. Until then the page is what the server rendered: its links
 * and forms work without scripts, and what must not wait for them (a landing link's campaign tags)
 * is done by the loader itself as the page is read (`prelude`).
 *
 * The `nomodule` fallback and the inline scripts (the page's data, the list of chunks the entry
 * script starts) stay as they are. The tags are matched as Next.js writes them; a page with none
 * of them is left untouched. Text a guest or the partner wrote cannot look like one: React escapes
 * `<` in the page's text, and Next.js in the data it inlines.
 */

import { scriptJson } from '@/lib/script-json';

/** The tag Next.js writes for each script a page runs, and how it starts. */
const ASYNC_SCRIPT = /<script src="([^"<>\s]+\.js)" async=""><\/script>/y;
const ASYNC_SCRIPT_START = Buffer.from('<script src="');

/** The early download Next.js asks for one of those scripts; it would fetch it before the paint. */
const SCRIPT_PRELOAD = /<link rel="preload" as="script" fetchPriority="low" href="([^"<>\s]+)"\/>/y;
const SCRIPT_PRELOAD_START = Buffer.from('<link rel="preload" as="script" ');

/** Where the loader goes: first in the head, after the charset, before the stylesheet it would wait for. */
const HEAD = Buffer.from('<head>');
const CHARSET = Buffer.from('<meta charSet="utf-8"/>');

/** Each tag is looked for in a piece of the page this long, more than any of them takes. */
const MAX_TAG_BYTES = 512;

/** The longest a page that has not painted waits for its scripts. */
export const FALLBACK_MS = 2_000;

/**
 * The loader: `d` the document, `p` the folder the scripts are in, `c` their file names. `go` adds
 * them once; the paint observer calls it in a task of its own after the first contentful paint.
 */
function loader(folder: string, files: readonly string[], prelude: string): string {
  const args = scriptJson([folder, files]).slice(1, -1);
  return (
    `<script>${prelude === '' ? '' : `${prelude};`}` +
    '(function(d,p,c){var n=0;function go(){if(n++)return;c.forEach(function(f){' +
    'var s=d.createElement("script");s.src=p+f;s.async=!0;d.head.appendChild(s)})}' +
    'if(d.visibilityState!=="visible")return go();try{new PerformanceObserver(function(l){' +
    'if(l.getEntriesByName("first-contentful-paint").length)setTimeout(go)})' +
    '.observe({type:"paint",buffered:!0})}catch(e){return go()}' +
    `setTimeout(go,${FALLBACK_MS})})(document,${args})</script>`
  );
}

/** The common folder of the scripts (with its trailing slash), or '' when they have none. */
function commonFolder(sources: readonly string[]): string {
  const folder = sources[0]!.slice(0, sources[0]!.lastIndexOf('/') + 1);
  return sources.every((source) => source.startsWith(folder) && !source.slice(folder.length).includes('/'))
    ? folder
    : '';
}

interface Tag {
  readonly from: number;
  readonly to: number;
  readonly address: string;
}

/**
 * The tags of `pattern` in the page, found by their first bytes. Only those few pieces are
 * decoded (as Latin-1, so a character is a byte): decoding a whole 100 KB page as UTF-8 and
 * encoding it again cost half a millisecond, more than the rest of the work.
 */
function tagsIn(page: Buffer, start: Buffer, pattern: RegExp): Tag[] {
  const tags: Tag[] = [];
  for (let at = page.indexOf(start); at >= 0; at = page.indexOf(start, at + start.length)) {
    pattern.lastIndex = 0;
    const match = pattern.exec(page.toString('latin1', at, Math.min(page.length, at + MAX_TAG_BYTES)));
    if (match) tags.push({ from: at, to: at + match[0].length, address: match[1]! });
  }
  return tags;
}

/**
 * The page with its script tags replaced by the loader; the same bytes when it has none.
 * `prelude`: code the loader runs first, as the page is read, for what cannot wait for the page's
 * scripts (the landing link's campaign tags, lib/attribution/campaign-inline.ts).
 */
export function scriptsAfterFirstPaint(page: Buffer, prelude = ''): Buffer {
  const head = page.indexOf(HEAD);
  const scripts = tagsIn(page, ASYNC_SCRIPT_START, ASYNC_SCRIPT);
  if (head < 0 || scripts.length === 0) return page;
  let loaderAt = head + HEAD.length;
  if (page.subarray(loaderAt, loaderAt + CHARSET.length).equals(CHARSET)) loaderAt += CHARSET.length;
  const sources = scripts.map((tag) => tag.address);
  const preloads = tagsIn(page, SCRIPT_PRELOAD_START, SCRIPT_PRELOAD).filter((tag) =>
    sources.includes(tag.address),
  );
  const removed = [...scripts, ...preloads].sort((a, b) => a.from - b.from);
  if (removed[0]!.from < loaderAt) return page;
  const folder = commonFolder(sources);
  const files = sources.map((source) => source.slice(folder.length));
  const pieces = [page.subarray(0, loaderAt), Buffer.from(loader(folder, files, prelude))];
  let at = loaderAt;
  for (const tag of removed) {
    pieces.push(page.subarray(at, tag.from));
    at = tag.to;
  }
  pieces.push(page.subarray(at));
  return Buffer.concat(pieces);
}

/** The scripts a page's loader adds, in order (for tests to read a page's scripts). */
export function scriptsLoadedAfterPaint(page: string): string[] {
  const match = /\}\)\(document,("[^"]*"),(\[[^\]]*\])\)<\/script>/.exec(page);
  if (!match) return [];
  const folder = JSON.parse(match[1]!) as string;
  return (JSON.parse(match[2]!) as string[]).map((file) => folder + file);
}
