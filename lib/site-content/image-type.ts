/**
 * What kind of picture a file holds, told by its bytes (its magic number, or an SVG's root
 * element), never by its name: a logo path ending in .png that holds an HTML page must be
 * refused, not served as a picture from the site's own origin.
 */

export type ImageKind = 'png' | 'webp' | 'svg' | 'ico';

export const IMAGE_CONTENT_TYPES: Readonly<Record<ImageKind, string>> = {
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, i) => bytes[at + i] === byte);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * Whether the text is an SVG document: after an optional byte-order mark, XML declaration,
 * comments, processing instructions and doctype, the first element is `<svg` (with or without a
 * namespace prefix).
 */
function isSvg(bytes: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 64 * 1024));
  let rest = text.replace(/^\uFEFF/, '');
  const prolog = /^\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)/i;
  for (let match = prolog.exec(rest); match; match = prolog.exec(rest)) rest = rest.slice(match[0].length);
  return /^\s*<(?:[A-Za-z_][\w.-]*:)?svg[\s>/]/.test(rest);
}

/** The picture kind of these bytes, or null when they are no picture this site accepts. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  // ICONDIR: reserved 0, type 1, at least one image.
  if (bytes.length >= 6 && startsWith(bytes, [0, 0, 1, 0]) && (bytes[4]! | (bytes[5]! << 8)) > 0) return 'ico';
  return isSvg(bytes) ? 'svg' : null;
}

/** Width and height from a PNG's IHDR chunk; null for bytes too short to hold one. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (!startsWith(bytes, PNG_SIGNATURE) || bytes.length < 24 || !startsWith(bytes, ascii('IHDR'), 12)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * An SVG's drawn proportions, from its viewBox (or its width and height in plain numbers or px);
 * null when it states neither.
 */
export function svgSize(bytes: Uint8Array): { width: number; height: number } | null {
  const text = new TextDecoder().decode(bytes.subarray(0, 64 * 1024));
  const root = /<(?:[A-Za-z_][\w.-]*:)?svg\b([^>]*)>/.exec(text)?.[1] ?? '';
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`).exec(root)?.[1];
  const box = attribute('viewBox')?.trim().split(/[\s,]+/).map(Number);
  if (box?.length === 4 && box[2]! > 0 && box[3]! > 0) return { width: box[2]!, height: box[3]! };
  const [width, height] = [attribute('width'), attribute('height')].map((value) =>
    value && /^\d+(?:\.\d+)?(?:px)?$/.test(value.trim()) ? Number.parseFloat(value) : NaN,
  ) as [number, number];
  return width > 0 && height > 0 ? { width, height } : null;
}
