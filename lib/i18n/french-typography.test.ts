import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * French puts a space before the two-part punctuation marks ":" ";" "!" "?" and inside « »,
 * and that space must not break: a line that starts with ":" or "?" is a typesetting error.
 * A no-break space (U+00A0) or a narrow no-break space (U+202F) both qualify.
 */
const FRENCH_DIR = path.resolve(__dirname, '../../messages/fr');
const NO_BREAK = /[\u00a0\u202f]/;
// Stands for an ICU argument ("{label}") in the text around it: something that is not a space.
const ARGUMENT = '\ue000';

/** Every leaf as "a.b.c" → message. */
function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

/** The index just past the brace that closes the one at `open`. */
function closingBrace(message: string, open: number): number {
  let depth = 0;
  for (let i = open; i < message.length; i++) {
    if (message[i] === '{') depth++;
    else if (message[i] === '}' && --depth === 0) return i + 1;
  }
  throw new Error(`unbalanced braces in ${JSON.stringify(message)}`);
}

/**
 * The texts a guest can read in an ICU message: the message with each argument replaced by a
 * placeholder, and, recursively, the text of each plural or select branch. Argument syntax
 * ("{count, plural, one {…}}", a "::HH:mm" date skeleton) is never read as prose.
 */
function readableTexts(message: string): string[] {
  const texts: string[] = [];
  let outer = '';
  let i = 0;
  while (i < message.length) {
    if (message[i] !== '{') {
      outer += message[i];
      i++;
      continue;
    }
    const end = closingBrace(message, i);
    const argument = message.slice(i + 1, end - 1);
    const [, kind] = argument.split(',').map((part) => part.trim());
    if (kind === 'plural' || kind === 'select' || kind === 'selectordinal') {
      for (let j = argument.indexOf('{'); j !== -1 && j < argument.length; ) {
        const branchEnd = closingBrace(argument, j);
        texts.push(...readableTexts(argument.slice(j + 1, branchEnd - 1)));
        j = argument.indexOf('{', branchEnd);
      }
    }
    outer += ARGUMENT;
    i = end;
  }
  return [outer, ...texts];
}

/** Where a French text lacks the no-break space a punctuation mark needs. */
function findTypographyErrors(text: string): string[] {
  const errors: string[] = [];
  for (const match of text.matchAll(/[:;!?»]/g)) {
    const at = match.index;
    const before = text[at - 1] ?? '';
    const after = text[at + 1] ?? '';
    if (match[0] === ':' && /\d/.test(before) && /\d/.test(after)) continue; // a time, 10:00
    if (match[0] === ':' && text.startsWith('//', at + 1)) continue; // https://
    if (/[!?]/.test(match[0]) && /[!?]/.test(before)) continue; // "?!" spaced once
    if (/[,.]/.test(after)) continue; // the character itself, named in a list (". _ / :, at most")
    if (!NO_BREAK.test(before)) errors.push(`"${text.slice(Math.max(0, at - 12), at + 1)}"`);
  }
  for (const match of text.matchAll(/«/g)) {
    if (!NO_BREAK.test(text[match.index + 1] ?? '')) errors.push(`"${text.slice(match.index, match.index + 12)}"`);
  }
  return errors;
}

describe('French typography in the message files', () => {
  const files = readdirSync(FRENCH_DIR).filter((name) => name.endsWith('.json'));

  it('finds the files', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('tells a missing or breakable space before punctuation from times, links and ICU syntax', () => {
    expect(findTypographyErrors('Total: 5')).toHaveLength(1);
    expect(findTypographyErrors('Total : 5')).toHaveLength(1);
    expect(findTypographyErrors(`Qui vient ${ARGUMENT}?`)).toHaveLength(1);
    expect(findTypographyErrors('« sans animaux »')).toHaveLength(2);
    expect(findTypographyErrors('Total\u00a0: 5 ; arrivée à 10:00\u202f?! Voir https://example.org')).toHaveLength(1);
    expect(findTypographyErrors('Total\u00a0: 5\u202f; arrivée à 10:00\u202f?! «\u00a0oui\u00a0»')).toEqual([]);
    expect(findTypographyErrors('des lettres et . _ ~ + - / :, 40 au maximum.')).toEqual([]);
    expect(readableTexts('{label} : {count, plural, one {# nuit ?} other {# nuits\u202f?}}')).toEqual([
      `${ARGUMENT} : ${ARGUMENT}`,
      '# nuit ?',
      '# nuits\u202f?',
    ]);
    expect(readableTexts('À {time, date, ::HH:mm}\u202f!')).toEqual([`À ${ARGUMENT}\u202f!`]);
  });

  it.each(files)(
    'puts a no-break space before : ; ! ? and inside « » in every message of fr/%s',
    (file) => {
      const messages = flatten(JSON.parse(readFileSync(path.join(FRENCH_DIR, file), 'utf8')));
      const errors: string[] = [];
      for (const [key, message] of messages) {
        for (const text of readableTexts(message)) {
          for (const error of findTypographyErrors(text)) errors.push(`${key}: ${error}`);
        }
      }
      expect(errors).toEqual([]);
    },
  );
});
