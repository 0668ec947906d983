import { describe, expect, it } from 'vitest';
import { GET } from '@/app/icons.svg/route';
import { ICON_SHAPES, ICON_SPRITE_PATH, iconSprite, spriteVersion } from './icon-shapes';

describe('icon sprite', () => {
  const sprite = iconSprite();
  const symbols = [...sprite.matchAll(/<symbol ([^>]*)>(.*?)<\/symbol>/g)];

  it('has one symbol per icon, each drawn with its own stroke attributes', () => {
    expect(symbols.map((m) => /id="([^"]+)"/.exec(m[1]!)?.[1])).toEqual(Object.keys(ICON_SHAPES));
    for (const [, attributes, shape] of symbols) {
      // A <use> copies the symbol only: its own attributes are all the copy gets.
      expect(attributes).toContain('viewBox="0 0 24 24"');
      expect(attributes).toContain('fill="none"');
      expect(attributes).toContain('stroke="currentColor"');
      expect(shape!.length).toBeGreaterThan(0);
    }
  });

  it('holds only drawing elements (no script, no external references)', () => {
    const tags = new Set([...sprite.matchAll(/<([a-z]+)/g)].map((m) => m[1]));
    expect([...tags].sort()).toEqual(['circle', 'path', 'rect', 'svg', 'symbol']);
    expect(sprite).not.toMatch(/href|on[a-z]+=|javascript:/i);
  });

  it('is addressed by a hash of its content, so a changed drawing is a new address', () => {
    expect(ICON_SPRITE_PATH).toBe(`/icons.svg?v=${spriteVersion()}`);
    expect(spriteVersion()).toMatch(/^[0-9a-z]{4,8}$/);
  });

  it('is served as SVG that browsers may keep for a year', async () => {
    const res = GET();
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe(sprite);
  });
});
