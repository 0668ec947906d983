import { correction, generate, mode, type Mask } from 'lean-qr';

/**
 * QR codes for the link builder's links (lean-qr encodes them): byte mode, error correction
 * level M (about 15 % of the code may be damaged or covered) and never more, so a code is as
 * small as the text allows, and the mask with the standard's lowest penalty. Byte mode without
 * an ECI header keeps every reader able to scan it; links are short, so the denser modes do not
 * matter. The server and the browser draw the same SVG from the module matrix.
 */

export interface QrCode {
  version: number;
  size: number;
  /** modules[y][x]: true for a dark module. */
  modules: boolean[][];
}

/** The QR code of a text (UTF-8); `mask` forces one mask (tests compare with other encoders). */
export function encodeQr(text: string, options: { mask?: number } = {}): QrCode {
  let code;
  try {
    code = generate(mode.bytes(new TextEncoder().encode(text)), {
      minCorrectionLevel: correction.M,
      maxCorrectionLevel: correction.M,
      mask: options.mask !== undefined && options.mask >= 0 && options.mask <= 7 ? (options.mask as Mask) : null,
    });
  } catch (err) {
    // With the options fixed above, the one text lean-qr cannot encode is one past version 40.
    throw new RangeError('Text too long for a QR code', { cause: err });
  }
  const modules = Array.from({ length: code.size }, (_, y) => Array.from({ length: code.size }, (_, x) => code.get(x, y)));
  return { version: (code.size - 17) / 4, size: code.size, modules };
}

/**
 * The code as an SVG document: one path of unit squares on a white square with the standard
 * quiet zone of four modules, scaled by the viewBox. `title` names it for screen readers.
 */
export function renderQrSvg(code: QrCode, title: string): string {
  const quiet = 4;
  const full = code.size + quiet * 2;
  let path = '';
  code.modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x + quiet} ${y + quiet}h1v1h-1z`;
    }),
  );
  const safeTitle = title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" shape-rendering="crispEdges" role="img">` +
    `<title>${safeTitle}</title><rect width="${full}" height="${full}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  );
}
