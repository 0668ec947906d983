import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMessages, MESSAGE_AREAS } from './messages';
import { routing } from './routing';

// The message files are discovered on disk, so a file added later is checked without editing
// this test; English is the reference every other locale must match.
const MESSAGES_DIR = path.resolve(__dirname, '../../messages');
const REFERENCE_LOCALE = 'en';

function listDirectories(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

function listAreas(locale: string): string[] {
  return readdirSync(path.join(MESSAGES_DIR, locale))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

const LOCALES = listDirectories(MESSAGES_DIR);
const AREAS = listAreas(REFERENCE_LOCALE);

function load(locale: string, area: string): Record<string, unknown> {
  const file = path.join(MESSAGES_DIR, locale, `${area}.json`);
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

describe('message files on disk', () => {
  it('exist for exactly the locales the site routes', () => {
    expect(LOCALES).toEqual([...routing.locales].sort());
  });

  it.each(LOCALES)('%s has the same message files as en', (locale) => {
    expect(listAreas(locale)).toEqual(AREAS);
  });

  it('are all loaded by loadMessages (a file it does not list would never reach a page)', () => {
    expect([...MESSAGE_AREAS].sort()).toEqual(AREAS);
  });
});

describe.each(AREAS)('messages/*/%s.json', (area) => {
  const reference = flatten(load(REFERENCE_LOCALE, area));

  it('is not empty in en', () => {
    expect(reference.size).toBeGreaterThan(0);
  });

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
      for (const key of Object.keys(load(REFERENCE_LOCALE, area))) {
        expect(seen.get(key), `${key} in ${area}`).toBeUndefined();
        seen.set(key, area);
      }
    }
  });

  it.each(routing.locales)('%s: loadMessages returns every message of every file', async (locale) => {
    const loaded = flatten(await loadMessages(locale));
    for (const area of AREAS) {
      for (const [key, message] of flatten(load(locale, area))) expect(loaded.get(key), `${area}:${key}`).toBe(message);
    }
  });

  it('are read and merged once per locale, not again for every page render', async () => {
    const [first, second] = await Promise.all([loadMessages('en'), loadMessages('en')]);
    expect(second).toBe(first);
    expect(await loadMessages('en')).toBe(first);
    expect(await loadMessages('de')).not.toBe(first);
  });
});

/**
 * `#` in a plural branch is formatted with the locale's number formatter; building the first one
 * costs a phone tens of milliseconds while the page comes to life. Counts of guests, nights, pets,
 * units and minutes stay far below a thousand, where every locale writes the digits as they are,
 * so they are written as their argument ({count}), which the message inserts without a formatter.
 * Only counts of houses keep `#`: they can reach the thousands, and are grouped the locale's way.
 */
const GROUPED_COUNTS = new Set([
  'common:home.houses',
  'parks:parks.houseCount',
  'partners:partners.links.check.search.found',
  'search:searchPage.count',
  'search:noResults.houses',
]);

describe('counts in messages', () => {
  it.each(LOCALES)('%s writes small counts as their argument, not as #', (locale) => {
    const withPound: string[] = [];
    for (const area of AREAS) {
      for (const [key, message] of flatten(load(locale, area))) {
        if (/[{\s]#/.test(message)) withPound.push(`${area}:${key}`);
      }
    }
    expect(withPound.filter((key) => !GROUPED_COUNTS.has(key))).toEqual([]);
    expect(withPound.sort()).toEqual([...GROUPED_COUNTS].sort());
  });
});
