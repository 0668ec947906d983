/** Loopback ports of the fleet (e2e/fleet/start-fleet.ts), apart from the main e2e run's. */
export const FLEET = {
  balancer: 3130,
  instances: [3131, 3132, 3133],
  sandbox: 4130,
  siteUrl: 'http://127.0.0.1:3130',
  sandboxUrl: 'http://127.0.0.1:4130',
} as const;
