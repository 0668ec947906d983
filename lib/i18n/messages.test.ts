import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES = ['nl', 'en', 'de', 'fr'] as const;
const AREAS = ['common', 'search', 'house'] as const;

function load(locale: string, area: string): Record<string, unknown> {
  const file = path.resolve(__dirname, '../../messages', locale, `${area}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** Every leaf as "a.b.c" → message. */
function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

/** The ICU argument names a message uses ({count}, {range}…), not the words inside plural branches. */
function argumentsOf(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((m) => m[1]!))].sort();
}

describe.each(AREAS)('messages/*/%s.json', (area) => {
  const reference = flatten(load('en', area));

  it.each(LOCALES)('%s has exactly the keys of en', (locale) => {
    expect([...flatten(load(locale, area)).keys()].sort()).toEqual([...reference.keys()].sort());
  });

  it.each(LOCALES)('%s uses the same arguments in each message, and no empty message', (locale) => {
    for (const [key, message] of flatten(load(locale, area))) {
      expect(message.trim(), key).not.toBe('');
      expect(argumentsOf(message), `${locale}:${key}`).toEqual(argumentsOf(reference.get(key) ?? ''));
    }
  });
});

describe('message areas', () => {
  it('do not share top-level namespaces (they are merged into one object)', () => {
    const seen = new Map<string, string>();
    for (const area of AREAS) {
      for (const key of Object.keys(load('en', area))) {
        expect(seen.get(key), `${key} in ${area}`).toBeUndefined();
        seen.set(key, area);
      }
    }
  });
});
