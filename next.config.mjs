import createNextIntlPlugin from 'next-intl/plugin';
import { markStartupScripts } from './scripts/compile-hints.mjs';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/request-messages/request.ts',
  experimental: {
    // Messages are compiled when the site is built, so browsers get no message parser and parse
    // nothing when a page hydrates; every messages/<locale>/<area>.json passes through it.
    messages: { path: './messages', format: 'json', locales: 'infer', precompile: true },
  },
});

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The only origins /_next/image fetches from: where the partner's pictures live. Any other URL
 * is refused, so the optimizer cannot be used to fetch from other hosts or from this machine.
 * PARTNER_IMAGE_ORIGINS lists them (comma-separated origins); without it, the partner API's own
 * origin, or in sandbox mode the sandbox's (it serves the pictures itself). Read when the server
 * starts, like the rest of this file.
 */
function readPictureOrigins(env) {
  const listed = (env.PARTNER_IMAGE_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const fallback = env.PARTNER_API_URL || env.SANDBOX_URL || 'http://127.0.0.1:4010';
  return (listed.length > 0 ? listed : [fallback]).map((origin) => {
    const url = new URL(origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new Error(
        `Invalid site configuration: PARTNER_IMAGE_ORIGINS (${origin}) must be http(s) origins`,
      );
    }
    return url;
  });
}

const pictureOrigins = readPictureOrigins(process.env);

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // A separate build folder lets a verification build run beside another one (default .next).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  typescript: {
    // `npm test` type-checks the whole project, tests included, before it builds, and then builds
    // with SKIP_BUILD_TYPECHECK=1 so the same check does not run twice; every other build checks.
    ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === '1',
  },
  // The ledger's embedded database loads its WebAssembly and data files from its own package
  // folder at run time: it is required from node_modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite'],
  compiler: {
    // The scripts every page runs at start are compiled by the browser while they download
    // rather than function by function on the page's main thread (scripts/compile-hints.mjs).
    runAfterProductionCompile: async ({ distDir }) => {
      markStartupScripts(distDir);
    },
  },
  experimental: {
    // Addresses no route matches get app/global-not-found.tsx, a document of its own, so the
    // root not-found boundary every page's payload carries can stay a bare one.
    globalNotFound: true,
  },
  turbopack: {
    // Next.js loads its polyfills for older browsers on every page; the site's browsers need only
    // one of them (lib/browser/polyfills.js says which and why).
    resolveAlias: {
      'next/dist/build/polyfills/polyfill-module': './lib/browser/polyfills.js',
      '../build/polyfills/polyfill-module': './lib/browser/polyfills.js',
      // zod's translations of its own error messages, which the site never shows (see the file).
      '../locales/index.js': { browser: './lib/browser/zod-locales.js' },
    },
  },
  // No `env` entries: they are inlined into the bundles, and secrets must be read at run time on
  // the server only.
  images: {
    // Result cards are at most 18rem wide and the gallery fills the screen: no 2048/3840 variants,
    // so every srcset lists five widths instead of eight.
    deviceSizes: [640, 828, 1080, 1280, 1920],
    imageSizes: [96, 160, 256, 384],
    remotePatterns: pictureOrigins.map((origin) => ({
      protocol: origin.protocol === 'https:' ? 'https' : 'http',
      hostname: origin.hostname,
      // '' is the scheme's default port only.
      port: origin.port,
      pathname: '/**',
    })),
    // No picture of the site itself is resized (the pages use none): every local address is
    // refused, instead of being fetched from the site by the optimizer.
    localPatterns: [],
    // Only when a picture origin is itself on this machine (the sandbox): then that one origin
    // and port may be fetched, nothing else on loopback.
    dangerouslyAllowLocalIP: pictureOrigins.some((origin) => LOCAL_HOSTS.has(origin.hostname)),
  },
};

export default withNextIntl(nextConfig);
