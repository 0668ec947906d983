/**
 * Addresses the page store has not seen that need no partner call: the site stores and renders a
 * page under its page target, the parameters it reads as they were spelled (lib/seo/page-params.ts),
 * while the partner's answers are cached by the criteria those parameters mean. Spelling a
 * parameter's name with percent-escapes (`%61dults=2` is `adults=2`) makes a new stored page of
 * the same search or house, so every request of a load is a full render from cached data.
 */
import { DEFAULT_PARTY } from '../lib/booking/party';

const escape = (char: string) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** How many spellings `respell` has for a link (the plain one, 0, among them). */
export function spellingCount(link: string): number {
  return 2 ** Math.min(30, spellableLetters(withQuery(link)));
}

/**
 * A house page reads the party; naming the default party asks for the same partner answers. Its
 * adults and pets are named, whose ten letters spell a link a thousand ways: enough for the
 * render phase's rounds and their warm-up.
 */
function withQuery(link: string): string {
  return link.includes('?') ? link : `${link}?adults=${DEFAULT_PARTY.adults}&pets=${DEFAULT_PARTY.pets}`;
}

function spellableLetters(link: string): number {
  const query = link.slice(link.indexOf('?') + 1);
  return query
    .split('&')
    .map((segment) => (segment.includes('=') ? segment.slice(0, segment.indexOf('=')) : segment))
    .reduce((sum, name) => sum + name.length, 0);
}

/**
 * The `n`-th spelling of `link` (n ≥ 1 differs from the link as given): bit i of `n` escapes the
 * i-th letter of the parameter names, counted over the whole query. Values are left as they are.
 * Spellings past spellingCount wrap around, so they repeat.
 */
export function respell(link: string, n: number): string {
  const full = withQuery(link);
  const query = full.indexOf('?');
  const letters = Math.min(30, spellableLetters(full));
  let bits = letters === 0 ? 0 : n % 2 ** letters;
  if (bits === 0 && n !== 0 && letters > 0) bits = 1;
  let index = 0;
  const segments = full
    .slice(query + 1)
    .split('&')
    .map((segment) => {
      const equals = segment.indexOf('=');
      const name = equals < 0 ? segment : segment.slice(0, equals);
      const rest = equals < 0 ? '' : segment.slice(equals);
      let spelled = '';
      for (const char of name) {
        spelled += index < 30 && bits & (1 << index) ? escape(char) : char;
        index++;
      }
      return spelled + rest;
    });
  return `${full.slice(0, query)}?${segments.join('&')}`;
}
