import 'server-only';
import { Webhook } from 'standardwebhooks';

/**
 * Signing by the Standard Webhooks convention: `webhook-id`, `webhook-timestamp` (seconds) and
 * `webhook-signature` = `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the secret's
 * bytes (`whsec_` + base64). Receivers verify with any Standard Webhooks library.
 */
export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signWebhook(secret: string, id: string, body: string, at: Date): SignedHeaders {
  const signer = new Webhook(secret);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signer.sign(id, at, body),
  };
}
