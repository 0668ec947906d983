import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A partner's own web page on another origin (127.0.0.1 on another port than the site), with
 * the strictest content security policy that still lets the partner use the search box:
 *
 * - `default-src 'none'`: nothing the policy does not name;
 * - `script-src <site>`: only the box's script, from the site's origin (no 'self', no inline);
 * - `style-src 'self'`: the partner's own stylesheet, and no inline styles, so the box can
 *   style itself only through constructable stylesheets;
 * - `connect-src 'none'`, `img-src 'none'`, `font-src 'none'`: the box fetches nothing;
 * - `form-action 'none'`: the box leaves for the results by navigating, not by posting a form
 *   to the partner's or the site's address;
 * - `base-uri 'none'`, `frame-ancestors 'none'`: the usual hardening, unrelated to the box.
 */
export function partnerPolicy(siteOrigin: string): string {
  return [
    `default-src 'none'`,
    `script-src ${siteOrigin}`,
    `style-src 'self'`,
    `connect-src 'none'`,
    `img-src 'none'`,
    `font-src 'none'`,
    `form-action 'none'`,
    `base-uri 'none'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

export interface PartnerPage {
  url: string;
  close(): Promise<void>;
}

/** Serves `html` at / and `css` at /partner.css under partnerPolicy, on a free loopback port. */
export async function startPartnerPage(siteOrigin: string, html: string, css: string): Promise<PartnerPage> {
  const server: Server = createServer((req, res) => {
    const headers = { 'content-security-policy': partnerPolicy(siteOrigin), 'cache-control': 'no-store' };
    if (req.url === '/') {
      res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    } else if (req.url === '/partner.css') {
      res.writeHead(200, { ...headers, 'content-type': 'text/css; charset=utf-8' });
      res.end(css);
    } else {
      res.writeHead(404, headers);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
