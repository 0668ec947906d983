/**
 * A house's surface as a number of square metres. The partner words it as text in the answer's
 * language ("85 m²", "85m2", "1.234 m²", "1 234 m²", "85,5 m²"), and the surface filter needs the
 * number. Only one number with a square-metre unit (or none) is read: a range, a sum, another
 * unit or any extra words make the text unreadable, and the filter then leaves the house out
 * rather than guess its size.
 */

/** "About" in the four site languages and as a sign: the number after it is still the surface. */
const APPROXIMATELY = /^(?:ca\.?|circa|approx\.?|approximately|about|ongeveer|etwa|env\.?|environ|±|~)\s*/;

/** Square metres as written in the four site languages (after NFKC "²" is "2"). */
const UNIT =
  /\s*(?:m2|m\^2|sq\.?\s?m\.?|sqm|qm|square\s+met(?:er|re)s?|vierkante\s+meters?|quadratmeter|m(?:è|e)tres?\s+carr(?:é|e)s?)\.?$/;

/** Digits grouped by three ("1.234", "1,234", "1 234", "1'234"), optionally with a decimal part. */
const GROUPED = /^(\d{1,3})((?<sep>[.,' ])\d{3}(?:\k<sep>\d{3})*)(?:([.,])(\d{1,2}))?$/;
const PLAIN = /^(\d{1,6})(?:[.,](\d{1,2}))?$/;

function readNumber(text: string): number | null {
  const grouped = GROUPED.exec(text);
  if (grouped) {
    const [, head, tail, sep, decimalSep, decimals] = grouped;
    // "1.234,5" groups with dots and marks decimals with a comma; the same mark twice is no number.
    if (decimalSep !== undefined && decimalSep === sep) return null;
    const whole = `${head}${tail!.split(sep!).join('')}`;
    return Number(decimals === undefined ? whole : `${whole}.${decimals}`);
  }
  const plain = PLAIN.exec(text);
  if (!plain) return null;
  return Number(plain[2] === undefined ? plain[1] : `${plain[1]}.${plain[2]}`);
}

/**
 * Texts read before and what they said: the search filters read every house's surface for every
 * limit they count, and a partner words a few dozen surfaces in all. Bounded; emptied when full.
 */
const readBefore = new Map<string, number | null>();
const READ_BEFORE_MAX = 2000;

/** The surface in square metres, or null when the text is missing or cannot be read as one. */
export function parseSurfaceM2(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  const known = readBefore.get(text);
  if (known !== undefined) return known;
  if (readBefore.size >= READ_BEFORE_MAX) readBefore.clear();
  const value = readSurface(text);
  readBefore.set(text, value);
  return value;
}

function readSurface(text: string): number | null {
  const plain = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(APPROXIMATELY, '')
    .replace(UNIT, '')
    .trim();
  const value = readNumber(plain);
  // "0 m²" says the partner does not know, not that the house has no floor.
  return value !== null && Number.isFinite(value) && value > 0 ? value : null;
}
