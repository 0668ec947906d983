import type { Instrumentation } from 'next';

// Validates the configuration once at server start, so a bad deployment fails loudly and early.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { getSiteEnv } = await import('./lib/env');
    const { getPartnerConfig } = await import('./lib/partner-api/config');
    getSiteEnv();
    getPartnerConfig();
    // The booking ledger drains what other instances left and purges old rows from the start.
    const { startLedger } = await import('./lib/ledger/ledger');
    await startLedger();
  }
}

/**
 * A request that failed on the server (a page render, a route handler, the proxy) becomes one
 * structured log line with what an operator needs to find it: the route, the error's name and
 * message, and the digest the guest's error page shows. The path is logged without its query
 * (it may carry a guest's search) and no header or body is logged.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getLogger } = await import('./lib/log');
  const err =
    error instanceof Error
      ? {
          name: error.name,
          message: error.message,
          digest: (error as Error & { digest?: unknown }).digest,
        }
      : { name: 'unknown' };
  getLogger().error(
    {
      event: 'request.failed',
      method: request.method,
      path: request.path.split('?')[0],
      route: context.routePath,
      routeType: context.routeType,
      err,
    },
    'request failed on the server',
  );
};
