import 'server-only';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test support: a loopback server standing in for the partner, answering with `listener`. The
 * gateway is pointed at it (SANDBOX_URL) with its cache off, so each read reaches the server.
 */
export async function startFakePartner(listener: RequestListener): Promise<{ close(): Promise<void> }> {
  const server: Server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.SANDBOX_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.PARTNER_CACHE = 'off';
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
