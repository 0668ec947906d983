/**
 * The simulated payment provider. finalizeReservation with a Now* payment type answers with
 * paymentUrl = {publicUrl}/__pay/{transactionId}; the page shows the amount and a Pay button
 * whose POST marks the reservation paid and redirects (302) to the thankYouPageUrl unchanged.
 */
import type { Hono } from 'hono';
import { firstPayCents, fullPayCents } from './price-lines';
import { money } from './pricing';
import type { Env } from './pipeline';
import type { Reservation } from './reservations';
import type { SandboxState } from './state';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
  return new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

function amountDue(r: Reservation): number {
  const cents =
    r.paymentType === 'NowPartialPayment'
      ? (firstPayCents(r.quote) ?? fullPayCents(r.quote))
      : fullPayCents(r.quote);
  return money(cents);
}

function payable(state: SandboxState, id: string): Reservation | undefined {
  const r = state.reservations.get(id);
  return r && (r.status === 'AwaitingPayment' || r.status === 'Paid') ? r : undefined;
}

function afterPayment(r: Reservation): Response {
  if (r.thankYouPageUrl)
    return new Response(null, {
      status: 302,
      headers: { location: r.thankYouPageUrl, 'cache-control': 'no-store' },
    });
  return page('Payment received', '<p>The reservation is paid. You can close this window.</p>');
}

export function registerPaymentPage(app: Hono<Env>, state: SandboxState): void {
  app.get('/__pay/:id', (c) => {
    const r = payable(state, c.req.param('id'));
    if (!r) return page('Payment not found', '<p>There is no payment waiting under this address.</p>', 404);
    if (r.status === 'Paid') return afterPayment(r);
    const amount = amountDue(r).toFixed(2);
    const action = `/__pay/${encodeURIComponent(r.transactionId)}`;
    return page(
      'Sandbox payment',
      `<p>Simulated payment for reservation <code>${escapeHtml(r.transactionId)}</code>.</p><p>Amount due: <strong>EUR ${amount}</strong></p><form method="post" action="${escapeHtml(action)}"><button type="submit">Pay</button></form>`,
    );
  });
  app.post('/__pay/:id', (c) => {
    const r = payable(state, c.req.param('id'));
    if (!r) return page('Payment not found', '<p>There is no payment waiting under this address.</p>', 404);
    r.status = 'Paid';
    return afterPayment(r);
  });
}
