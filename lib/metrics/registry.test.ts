import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Next.js loads one copy of a module for pages, another for route handlers, and the site server
 * loads a third: these tests load copies the same way (a fresh module registry each) and check
 * that they all count into one set of metrics.
 */

type Registry = typeof import('./registry');

async function freshCopy(): Promise<Registry> {
  vi.resetModules();
  return import('./registry');
}

afterEach(() => {
  vi.resetModules();
});

describe('the process-wide metrics', () => {
  it('is one set shared by every copy of the module', async () => {
    const pageCopy = await freshCopy();
    const routeCopy = await freshCopy();
    expect(pageCopy).not.toBe(routeCopy);
    expect(pageCopy.getSiteMetrics()).toBe(routeCopy.getSiteMetrics());
  });

  it('renders a count made through one copy from another copy', async () => {
    const pageCopy = await freshCopy();
    const routeCopy = await freshCopy();
    pageCopy.recordBookingStep('finalize', 'confirmed');
    pageCopy.recordBookingStep('finalize', 'confirmed');
    routeCopy.recordBookingStep('finalize', 'unknown');
    const { body, contentType } = await routeCopy.renderMetrics();
    expect(contentType).toMatch(/^text\/plain/);
    expect(body).toContain('booking_steps_total{step="finalize",outcome="confirmed"} 2');
    expect(body).toContain('booking_steps_total{step="finalize",outcome="unknown"} 1');
  });

  it('leaves the key expiry gauge out until an expiry date is known, so no alert reads "0 days left"', async () => {
    const metrics = await freshCopy();
    expect((await metrics.renderMetrics()).body).not.toContain('partner_key_expiry_days');
    metrics.setKeyExpiryDays(12);
    expect((await metrics.renderMetrics()).body).toContain('partner_key_expiry_days 12');
    metrics.setKeyExpiryDays(null);
    expect((await metrics.renderMetrics()).body).not.toContain('partner_key_expiry_days');
  });

  it('counts request durations into the histogram by route, method and status', async () => {
    const metrics = await freshCopy();
    metrics.observeRequest('/[locale]/search', 'GET', 200, 0.02);
    metrics.observeRequest('/[locale]/search', 'GET', 200, 3);
    const { body } = await metrics.renderMetrics();
    expect(body).toContain(
      'http_request_duration_seconds_count{route="/[locale]/search",method="GET",status="200"} 2',
    );
    expect(body).toContain(
      'http_request_duration_seconds_bucket{le="0.025",route="/[locale]/search",method="GET",status="200"} 1',
    );
    expect(body).toContain(
      'http_request_duration_seconds_bucket{le="5",route="/[locale]/search",method="GET",status="200"} 2',
    );
  });
});
