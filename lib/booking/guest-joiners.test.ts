import { describe, expect, it } from 'vitest';
import type { GuestInput } from './guest';
import { errorsOf, withField } from './fixtures/guests';

const ZWJ = '\u200d';
const ZWNJ = '\u200c';

describe('names that need a zero-width joiner or non-joiner', () => {
  it.each<[string, keyof GuestInput, string]>([
    // Persian: the non-joiner keeps "Ali" and "zadeh" unjoined inside one word.
    ['a Persian surname with a non-joiner between two Arabic letters', 'lastName', `علی${ZWNJ}زاده`],
    ['a Persian first name with a non-joiner', 'firstName', `مهر${ZWNJ}انگیز`],
    // Malayalam in the older chillu spelling: consonant, virama, joiner, at the end of the word.
    ['a Malayalam name ending in an old-style chillu (virama + joiner)', 'firstName', `ബാലന്${ZWJ}`],
    ['a Malayalam name with a joiner inside', 'lastName', `ഗോപാലന്${ZWJ} നായര്${ZWJ}`],
    // Devanagari: a virama followed by a joiner asks for the half form of the consonant.
    ['a Devanagari name with a half form (virama + joiner)', 'firstName', `क्${ZWJ}षमा`],
    ['a Devanagari name with an explicit virama (virama + non-joiner)', 'lastName', `अक्${ZWNJ}षय`],
    ['a Persian city with a non-joiner', 'city', `خرم${ZWNJ}آباد`],
  ])('accepts %s', (_name, field, value) => {
    expect(errorsOf(withField(field, value))).toEqual({});
  });

  it.each<[string, keyof GuestInput, string, string]>([
    ['a joiner alone', 'firstName', ZWJ, 'guest.errors.name_chars'],
    ['only joiners and non-joiners', 'lastName', `${ZWJ}${ZWNJ}${ZWJ}`, 'guest.errors.name_chars'],
    ['a joiner hidden inside a Latin name', 'firstName', `Ja${ZWJ}n`, 'guest.errors.name_chars'],
    ['a non-joiner hidden inside a Latin name', 'lastName', `Jan${ZWNJ}sen`, 'guest.errors.name_chars'],
    ['a name starting with a joiner', 'firstName', `${ZWNJ}علی`, 'guest.errors.name_chars'],
    ['a non-joiner at the end of an Arabic-script word', 'lastName', `علی${ZWNJ}`, 'guest.errors.name_chars'],
    ['two joiners after a virama', 'firstName', `ബാലന്${ZWJ}${ZWJ}`, 'guest.errors.name_chars'],
    ['a right-to-left override between Arabic letters', 'lastName', `علی\u202eزاده`, 'guest.errors.name_chars'],
    ['a right-to-left isolate in a Latin name', 'firstName', `Jan\u2067sen`, 'guest.errors.name_chars'],
    ['a right-to-left mark', 'lastName', `Jan\u200fsen`, 'guest.errors.name_chars'],
    ['a joiner in a city between Latin letters', 'city', `Ut${ZWJ}recht`, 'guest.errors.name_chars'],
  ])('refuses %s', (_name, field, value, key) => {
    expect(errorsOf(withField(field, value))).toEqual({ [field]: [key] });
  });

  it('checks a long name full of joiners in linear time', () => {
    // 60 characters that almost match: each virama + joiner pair, then one character that fails.
    const value = `${`क्${ZWJ}`.repeat(19)}क${ZWJ}${ZWJ}`;
    const started = performance.now();
    expect(errorsOf(withField('firstName', value))).toEqual({ firstName: ['guest.errors.name_chars'] });
    expect(performance.now() - started).toBeLessThan(200);
  });
});
