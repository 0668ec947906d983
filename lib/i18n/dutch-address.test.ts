import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The Dutch site speaks to the guest informally (je, jij, jouw). One formal "u" or "uw" among
 * them reads as two voices in one panel, so no Dutch text may use the formal pronouns at all.
 * There is no allow-list: no Dutch text has needed a formal "u" so far.
 */
const DUTCH_DIR = path.resolve(__dirname, '../../messages/nl');

// "u", "uw", "U" or "Uw" as a word of its own: not inside "uur", "jouw" or "U-vormig".
const FORMAL = /(?<![\p{L}\p{N}\-’'])(?:u|uw|U|Uw)(?![\p{L}\p{N}\-’'])/gu;

/** Every leaf as "a.b.c" → message. */
function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

/** Each formal pronoun in a text, with a little of the text around it. */
function formalPronouns(text: string): string[] {
  return [...text.matchAll(FORMAL)].map((match) => {
    const at = match.index;
    return `"${text.slice(Math.max(0, at - 20), at + match[0].length + 20)}"`;
  });
}

describe('Dutch texts address the guest informally throughout', () => {
  const files = readdirSync(DUTCH_DIR).filter((name) => name.endsWith('.json'));

  it('finds the files', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('tells the formal pronouns from words that merely contain the letters', () => {
    expect(formalPronouns('Wat u betaalt')).toHaveLength(1);
    expect(formalPronouns('Uw gegevens')).toHaveLength(1);
    expect(formalPronouns('U kunt ook bellen. Heeft u vragen over uw boeking?')).toHaveLength(3);
    expect(formalPronouns('{amount} betaalt u.')).toHaveLength(1);
    expect(formalPronouns('Jouw gegevens, je verblijf, om 10 uur, een U-vormige bank, zeeuws')).toEqual([]);
    expect(formalPronouns('Wat je betaalt, {count, plural, one {# nacht} other {# nachten}}')).toEqual([]);
  });

  it.each(files)('uses je, jij and jouw, never u or uw, in every message of nl/%s', (file) => {
    const messages = flatten(JSON.parse(readFileSync(path.join(DUTCH_DIR, file), 'utf8')));
    const found: string[] = [];
    for (const [key, message] of messages) {
      for (const excerpt of formalPronouns(message)) found.push(`${key}: ${excerpt}`);
    }
    expect(found).toEqual([]);
  });
});
