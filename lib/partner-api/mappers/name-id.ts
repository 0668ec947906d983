import 'server-only';
import { createHash } from 'node:crypto';

/**
 * An id for an entry the partner names but does not number (a house type of the documented
 * list, which gives names only): the first 31 bits of the name's SHA-256, within the range of the
 * site's ids (1 to 2^31 - 1), so the same name always gets the same id, across requests,
 * instances and restarts. Names compare as a guest reads them: case, surrounding spaces and runs
 * of spaces ignored. The id depends on the name, and so on the language it is written in.
 */

/** The name as it is compared: Unicode-normalised, trimmed, spaces collapsed, lower case. */
export function nameKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

export function idFromName(name: string): number {
  const bits = createHash('sha256').update(nameKey(name)).digest().readUInt32BE(0) >>> 1;
  // 0 is no id: it takes the top of the range instead.
  return bits === 0 ? 2_147_483_647 : bits;
}
