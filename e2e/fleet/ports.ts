/**
 * Loopback ports of the fleet (e2e/fleet/start-fleet.ts), apart from the main e2e run's.
 * E2E_PORT_OFFSET moves them all, as it does the main run's, so two runs can go on side by side.
 */
const OFFSET = Number.parseInt(process.env.E2E_PORT_OFFSET ?? '0', 10) || 0;

export const FLEET = {
  balancer: 3130 + OFFSET,
  instances: [3131 + OFFSET, 3132 + OFFSET, 3133 + OFFSET],
  sandbox: 4130 + OFFSET,
  /** The Postgres every instance keeps the booking ledger in. */
  postgres: 5130 + OFFSET,
  siteUrl: `http://127.0.0.1:${3130 + OFFSET}`,
  sandboxUrl: `http://127.0.0.1:${4130 + OFFSET}`,
  /** The partner report's bearer token in the fleet (a test value, no secret). */
  reportToken: 'fleet-report-token-0123456789abcdef0123',
} as const;

export const FLEET_DATABASE_URL = `postgres://ledger@127.0.0.1:${FLEET.postgres}/postgres`;
