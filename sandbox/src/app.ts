/** The Hono application: operations (with their path variants), hooks, pictures, payment page, OpenAPI document. */
import { Hono } from 'hono';
import { OPERATIONS, PATH_VARIANTS, type OperationName } from '@/lib/partner-api/operations';
import { errorBody, jsonResponse } from './http-errors';
import { registerOpenApi } from './openapi-route';
import { registerPaymentPage } from './payment-page';
import { registerPictures } from './pictures';
import { operationRoute, type Env, type OpDef } from './pipeline';
import { BOOKING_OPERATIONS } from './routes-booking';
import { CATALOGUE_OPERATIONS } from './routes-catalogue';
import { READ_OPERATIONS } from './routes-read';
import { sandboxHooks } from './hooks';
import type { SandboxState } from './state';

export const OPERATION_DEFS: Record<OperationName, OpDef> = {
  ...READ_OPERATIONS,
  ...CATALOGUE_OPERATIONS,
  ...BOOKING_OPERATIONS,
};

/** Every path an operation is served on: the main path first, then the documented variants. */
export function operationPaths(op: OperationName): string[] {
  return [OPERATIONS[op].path, ...(PATH_VARIANTS[op] ?? [])];
}

export function createApp(state: SandboxState): Hono<Env> {
  const app = new Hono<Env>();
  app.route('/__sandbox', sandboxHooks(state));
  registerPictures(app, state);
  registerPaymentPage(app, state);
  registerOpenApi(app, state);
  for (const op of Object.keys(OPERATION_DEFS) as OperationName[]) {
    for (const path of operationPaths(op)) {
      // All methods land here, so a wrong method on a known path is a JSON 405, not a 404.
      app.all(path.replace(/\{(\w+)\}/g, ':$1'), operationRoute(state, op, OPERATION_DEFS[op]));
    }
  }
  app.notFound(() => jsonResponse(404, errorBody(404, 'Not found')));
  app.onError((err) => {
    console.error('[sandbox] request failed:', err);
    return jsonResponse(500, errorBody(500, 'Internal error'));
  });
  return app;
}
