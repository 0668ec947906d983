/**
 * Marks the scripts every page runs at start for eager compilation, once `next build` has written
 * them (next.config.mjs runs this after the production compile).
 *
 * A browser compiles a script's functions lazily: the first call of each one stops the page's
 * main thread to parse and compile it. When a page comes to life it calls most of the framework's
 * and its own startup code at once, so that work lands in one long task (about 60 % of the task
 * that starts the framework, measured in Chromium). The comment `//# allFunctionsCalledOnLoad`
 * at the top of a script tells Chromium (136 and later) to compile all of it on a background
 * thread while it downloads. Other browsers ignore the comment.
 *
 * Only the startup scripts are marked: the framework's (build-manifest.json: rootMainFiles and
 * polyfillFiles) and each route's entry scripts (its client reference manifest's entryJSFiles).
 * Scripts loaded later, such as the guest form's, keep the lazy default: most of their functions
 * may never run.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Every page_client-reference-manifest.js under server/app. */
function clientManifests(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return clientManifests(full);
    return entry.name.endsWith('_client-reference-manifest.js') ? [full] : [];
  });
}

/** The entry scripts a client reference manifest lists, by reading it in an empty context. */
function entryScripts(file) {
  const context = { globalThis: {} };
  context.globalThis = context;
  context.self = context;
  vm.runInNewContext(readFileSync(file, 'utf8'), context, { timeout: 1_000 });
  return Object.values(context.__RSC_MANIFEST ?? {}).flatMap((manifest) =>
    Object.values(manifest?.entryJSFiles ?? {}).flat(),
  );
}

/** The startup scripts of a build, as paths relative to its folder ("static/chunks/…js"). */
export function startupScripts(distDir) {
  const build = JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'));
  const listed = [
    ...(build.rootMainFiles ?? []),
    ...(build.polyfillFiles ?? []),
    ...clientManifests(path.join(distDir, 'server', 'app')).flatMap(entryScripts),
  ];
  return [...new Set(listed)].filter((file) => typeof file === 'string' && file.endsWith('.js'));
}

/** Puts the hint at the top of every startup script that lacks it; returns how many were marked. */
export function markStartupScripts(distDir) {
  let marked = 0;
  for (const relative of startupScripts(distDir)) {
    const file = path.join(distDir, relative);
    if (!existsSync(file)) continue;
    const source = readFileSync(file, 'utf8');
    if (source.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, COMPILE_HINT + source);
    marked++;
  }
  return marked;
}
