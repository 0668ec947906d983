/**
 * What the browser gets in place of Next.js's built-in polyfills (next.config.mjs aliases them
 * here). Those patch Array.prototype.at, flat, Object.hasOwn and the like, which every browser
 * the site supports (the ones that run its ES module scripts at all: Chrome and Edge 111,
 * Firefox 111, Safari 16.4 and later) has natively; they cost every page bytes and parse time.
 * Only URL.canParse is newer than those (Safari 17, Firefox 115), so it alone is kept.
 */
if (typeof URL !== 'undefined' && !('canParse' in URL)) {
  URL.canParse = function canParse(url, base) {
    try {
      return !!new URL(url, base);
    } catch {
      return false;
    }
  };
}
