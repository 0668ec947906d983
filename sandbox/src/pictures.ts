/**
 * House pictures drawn in code: a sky gradient, a sun, rolling hills, a few trees and a house
 * silhouette with lit windows. Colours and composition vary per house and per picture, so a
 * gallery looks like a gallery; each PNG is rendered once and then served from memory.
 */
import type { Hono } from 'hono';
import type { House } from './catalogue';
import { errorBody, jsonResponse } from './http-errors';
import type { Env } from './pipeline';
import { encodePng } from './png';
import { mulberry32 } from './prng';
import type { SandboxState } from './state';

export const PICTURE_SIZE = { width: 800, height: 533 } as const;
export const THUMB_SIZE = { width: 200, height: 133 } as const;
const CACHE_LIMIT = 300;

type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export function renderPicture(house: House, n: number, width: number, height: number): Buffer {
  const rng = mulberry32(house.id * 31 + n);
  const hue = (house.hue + n * 37) % 360;
  const evening = n % 3 === 0;
  const skyTop = evening ? hsl(225 + (hue % 50), 0.45, 0.3) : hsl(205 + (hue % 20), 0.65, 0.55);
  const skyLow = evening ? hsl(25 + (hue % 20), 0.85, 0.65) : hsl(195, 0.55, 0.85);
  const grass = hsl(90 + (hue % 50), 0.45, evening ? 0.25 : 0.38);
  const wall = hsl(hue, 0.35, evening ? 0.25 : 0.5);
  const roof = hsl((hue + 180) % 360, 0.4, evening ? 0.15 : 0.28);
  const treeColour = hsl(130, 0.4, evening ? 0.12 : 0.2);
  const windowColour: Rgb = evening ? [255, 214, 120] : [200, 225, 240];
  const sun = { x: 0.15 + rng() * 0.7, y: 0.12 + rng() * 0.15, r: 0.07 };
  const houseX = 0.25 + rng() * 0.4;
  const houseW = 0.22 + rng() * 0.1;
  const trees = Array.from({ length: 3 + Math.floor(rng() * 4) }, () => ({
    x: rng(),
    h: 0.18 + rng() * 0.15,
    w: 0.04 + rng() * 0.03,
  }));
  const phase = rng() * 10;
  const horizon = (u: number) => 0.62 + 0.04 * Math.sin(u * 5 + phase) + 0.02 * Math.sin(u * 13 + phase * 2);
  const ground = horizon(houseX + houseW / 2) + 0.06;
  const roofTop = ground - 0.34;
  const eaves = ground - 0.2;
  const aspect = width / height;
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const v = y / height;
    for (let x = 0; x < width; x++) {
      const u = x / width;
      let c: Rgb = mix(skyTop, skyLow, Math.min(1, v / 0.65));
      const dx = (u - sun.x) * aspect;
      const dy = v - sun.y;
      if (dx * dx + dy * dy < sun.r * sun.r) c = evening ? [255, 170, 90] : [255, 244, 200];
      if (v > horizon(u)) c = mix(grass, [20, 40, 20], Math.min(1, (v - horizon(u)) * 1.5));
      for (const t of trees) {
        const base = horizon(t.x) + 0.02;
        if (v < base && v > base - t.h && Math.abs(u - t.x) < (t.w * (v - (base - t.h))) / t.h)
          c = treeColour;
      }
      const inHouseX = u > houseX && u < houseX + houseW;
      if (inHouseX && v > eaves && v < ground) {
        c = wall;
        const col = ((u - houseX) / houseW) * 5;
        const row = (v - eaves) / (ground - eaves);
        const inWindow = row > 0.2 && row < 0.55 && col % 1 > 0.25 && col % 1 < 0.75 && Math.floor(col) !== 2;
        const inDoor = Math.floor(col) === 2 && col % 1 > 0.2 && col % 1 < 0.8 && row > 0.35;
        if (inWindow) c = windowColour;
        if (inDoor) c = roof;
      }
      const roofHalf = ((v - roofTop) / (eaves - roofTop)) * (houseW / 2 + 0.02);
      if (v >= roofTop && v <= eaves && Math.abs(u - (houseX + houseW / 2)) < roofHalf) c = roof;
      const i = (y * width + x) * 3;
      rgb[i] = c[0];
      rgb[i + 1] = c[1];
      rgb[i + 2] = c[2];
    }
  }
  return encodePng(width, height, rgb);
}

export class PictureCache {
  private readonly cache = new Map<string, Buffer>();

  get(house: House, n: number, thumb: boolean): Buffer {
    const key = `${house.id}/${n}/${thumb ? 't' : 'f'}`;
    let png = this.cache.get(key);
    if (!png) {
      const size = thumb ? THUMB_SIZE : PICTURE_SIZE;
      png = renderPicture(house, n, size.width, size.height);
      if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value ?? '');
      this.cache.set(key, png);
    }
    return png;
  }
}

/** `/pictures/{houseId}/{n}.png` and `/pictures/{houseId}/{n}-thumb.png`; no credentials needed. */
export function registerPictures(app: Hono<Env>, state: SandboxState): void {
  const cache = new PictureCache();
  app.get('/pictures/:houseId/:file', (c) => {
    const match = /^(\d+)(-thumb)?\.png$/.exec(c.req.param('file'));
    const house = state.house(Number(c.req.param('houseId')));
    const n = Number(match?.[1]);
    if (!match || !house || n < 1 || n > house.pictureCount)
      return jsonResponse(404, errorBody(404, 'Picture not found'));
    const png = cache.get(house, n, match[2] !== undefined);
    return new Response(new Uint8Array(png), {
      headers: {
        'content-type': 'image/png',
        'cache-control': 'public, max-age=86400',
        'content-length': String(png.length),
      },
    });
  });
}
