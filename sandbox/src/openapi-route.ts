/**
 * The OpenAPI document, served the way the partner serves its API reference: behind HTTP Basic
 * auth with a fixed user name and the partner's API key as the password. Not an operation, so
 * it is neither counted nor rate limited.
 */
import type { Hono } from 'hono';
import { errorBody, jsonResponse } from './http-errors';
import { renderOpenApi } from './openapi-document';
import type { Env } from './pipeline';
import type { SandboxState } from './state';

/** The usual address of a generated API reference, and a plainer alias. */
export const OPENAPI_PATHS = ['/swagger/v1/swagger.json', '/openapi.json'] as const;

/** User and password of an `Authorization: Basic …` header, or undefined when there is none. */
export function readBasicAuth(header: string | undefined): { user: string; password: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function allowed(state: SandboxState, header: string | undefined): boolean {
  const credentials = readBasicAuth(header);
  if (!credentials || credentials.user !== state.openApiUser) return false;
  const key = state.keys.get(credentials.password);
  return key !== undefined && !key.expired;
}

export function registerOpenApi(app: Hono<Env>, state: SandboxState): void {
  let rendered: string | undefined;
  for (const path of OPENAPI_PATHS) {
    app.get(path, (c) => {
      if (!allowed(state, c.req.header('authorization'))) {
        return jsonResponse(401, errorBody(401, 'The API reference needs HTTP Basic authorization'), {
          'www-authenticate': 'Basic realm="Partner API reference", charset="UTF-8"',
        });
      }
      // Built on first use: generating it walks every schema.
      rendered ??= renderOpenApi();
      return new Response(rendered, {
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
    });
  }
}
