import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // A separate build folder lets a verification build run beside another one (default .next).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  // No `env` entries: secrets are read at run time on the server only (security checklist 1).
  images: {
    // Result cards are at most 18rem wide and the gallery fills the screen: no 2048/3840 variants,
    // so every srcset lists five widths instead of eight.
    deviceSizes: [640, 828, 1080, 1280, 1920],
    imageSizes: [96, 160, 256, 384],
    // Partner pictures; in sandbox mode they come from the loopback sandbox.
    remotePatterns: [{ protocol: 'http', hostname: '127.0.0.1' }, { protocol: 'https', hostname: '**' }],
    dangerouslyAllowLocalIP: process.env.PARTNER_API_URL === undefined || process.env.ALLOW_LOCAL_IMAGES === '1',
  },
};

export default withNextIntl(nextConfig);
