import 'server-only';
/**
 * Small readers shared by the mappers: each turns a nullable partner field into the domain
 * default, so the rules for "missing" live in one place.
 */
export type Maybe<T> = T | null | undefined;

export function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

export function cleanText(value: Maybe<string>): string {
  return typeof value === 'string' ? value.trim() : '';
}

export function readCount(value: Maybe<number>): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

export function readAmount(value: Maybe<number>): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * Only http(s) links without credentials reach an `href` or `src`: a partner field must not
 * become `javascript:` or `https://user@elsewhere`.
 */
export function toSafeUrl(value: Maybe<string>): string | null {
  const text = cleanText(value);
  if (!text) return null;
  try {
    const url = new URL(text);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.username || url.password ? null : url.href;
  } catch {
    return null;
  }
}

export function uniqueBy<T>(items: readonly T[], key: (item: T) => unknown): T[] {
  const seen = new Set<unknown>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function safeUrls(values: Maybe<readonly Maybe<string>[]>): string[] {
  return uniqueBy(
    (values ?? []).map(toSafeUrl).filter((url): url is string => url !== null),
    (url) => url,
  );
}

/** Adds the sandbox's houseTypeId and parkId when they are usable ids. */
export function withPlace<T extends object>(
  target: T,
  raw: { houseTypeId?: Maybe<number>; parkId?: Maybe<number> },
) {
  const place: { houseTypeId?: number; parkId?: number } = {};
  if (isId(raw.houseTypeId)) place.houseTypeId = raw.houseTypeId;
  if (isId(raw.parkId)) place.parkId = raw.parkId;
  return { ...target, ...place };
}
