import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { crc32 } from '../src/png';
import { GUEST, P, bookableStay, openSandbox, type Api } from './helpers';

let api: Api;
beforeAll(async () => {
  api = await openSandbox();
});
afterAll(() => api.sandbox.close());
beforeEach(async () => {
  await api.hook('/reset', 'POST');
});

async function finalized(paymentType: string, thankYouPageUrl?: string) {
  const stay = await bookableStay(api, 1001, 60);
  const pre = await api.json<{ transactionId: string; fullPayAmount: number; firstPayAmount?: number }>(
    await api.post(`${P}/preRegisterReservation`, { houseID: 1001, ...stay, ...GUEST }),
  );
  const fin = await api.json<{ paymentUrl?: string; reservationStatus: string }>(
    await api.post(`${P}/finalizeReservation`, {
      transactionId: pre.transactionId,
      paymentType,
      ...(thankYouPageUrl ? { thankYouPageUrl } : {}),
    }),
  );
  return { pre, fin };
}

describe('simulated payment page', () => {
  it('shows the amount, and Pay marks it paid and redirects to thankYouPageUrl', async () => {
    const thanks = 'https://partner.example/nl/booking/thank-you?ref=abc';
    const { pre, fin } = await finalized('NowPartialPayment', thanks);
    expect(fin.reservationStatus).toBe('AwaitingPayment');
    expect(pre.firstPayAmount).toBeLessThan(pre.fullPayAmount);
    const page = await fetch(fin.paymentUrl ?? '');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(`EUR ${pre.firstPayAmount?.toFixed(2)}`);
    expect(html).toMatch(/<button[^>]*>Pay<\/button>/);
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
    const paid = await fetch(new URL(action, api.sandbox.url), { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toBe(thanks);
    const [r] = await api.json<{ status: string }[]>(await api.hook('/reservations'));
    expect(r?.status).toBe('Paid');
  });

  it('has no payment for Later, and 404 for unknown transactions', async () => {
    const { pre, fin } = await finalized('Later');
    expect(fin.paymentUrl).toBeUndefined();
    expect((await fetch(`${api.sandbox.url}/__pay/${pre.transactionId}`)).status).toBe(404);
    expect((await fetch(`${api.sandbox.url}/__pay/unknown`, { method: 'POST' })).status).toBe(404);
  });

  it('without thankYouPageUrl the paid page is shown instead of a redirect', async () => {
    const { fin } = await finalized('NowFullAmount');
    const paid = await fetch(fin.paymentUrl ?? '', { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('Payment received');
  });
});

describe('pictures', () => {
  function readPng(buf: Buffer) {
    expect(buf.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const chunks: { type: string; data: Buffer }[] = [];
    for (let at = 8; at < buf.length;) {
      const len = buf.readUInt32BE(at);
      const type = buf.toString('ascii', at + 4, at + 8);
      const data = buf.subarray(at + 8, at + 8 + len);
      expect(buf.readUInt32BE(at + 8 + len)).toBe(crc32(buf.subarray(at + 4, at + 8 + len)));
      chunks.push({ type, data });
      at += 12 + len;
    }
    const ihdr = chunks[0]?.data ?? Buffer.alloc(13);
    const width = ihdr.readUInt32BE(0);
    const height = ihdr.readUInt32BE(4);
    const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
    expect(raw.length).toBe((width * 3 + 1) * height);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    return { width, height };
  }

  it('serves real, cacheable PNGs for every picture URL of a house', async () => {
    const details = await api.json<{ pictures: string[]; pictureThumbnails: string[] }>(
      await api.get(`${P}/houseDetails/1002`),
    );
    const full = await fetch(details.pictures[0] ?? '');
    expect(full.headers.get('content-type')).toBe('image/png');
    expect(full.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(readPng(Buffer.from(await full.arrayBuffer()))).toEqual({ width: 800, height: 533 });
    const thumb = await fetch(details.pictureThumbnails[1] ?? '');
    expect(readPng(Buffer.from(await thumb.arrayBuffer()))).toEqual({ width: 200, height: 133 });
    const a = Buffer.from(await (await fetch(details.pictures[0] ?? '')).arrayBuffer());
    const b = Buffer.from(await (await fetch(details.pictures[1] ?? '')).arrayBuffer());
    expect(a.equals(b)).toBe(false);
    expect((await fetch(`${api.sandbox.url}/pictures/1002/${details.pictures.length + 1}.png`)).status).toBe(
      404,
    );
    expect((await fetch(`${api.sandbox.url}/pictures/999999/1.png`)).status).toBe(404);
  });

  it('builds absolute URLs from the configured public URL', async () => {
    const box = await openSandbox({ publicUrl: 'https://sandbox.example.test/' });
    try {
      const d = await box.json<{ pictures: string[] }>(await box.get(`${P}/houseDetails/1001`));
      expect(d.pictures[0]).toBe('https://sandbox.example.test/pictures/1001/1.png');
    } finally {
      await box.sandbox.close();
    }
  });
});
