// Validates the configuration once at server start, so a bad deployment fails loudly and early.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { getSiteEnv } = await import('./lib/env');
    const { getPartnerConfig } = await import('./lib/partner-api/config');
    getSiteEnv();
    getPartnerConfig();
  }
}
